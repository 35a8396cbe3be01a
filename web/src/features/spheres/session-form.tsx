import { useState } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { Session } from '@shared/contracts/sessions';
import {
  parentChoices,
  SESSION_STEP_NUMBER_MAX,
  textIn,
  treeOrder,
  type SessionCategory,
} from '@shared/domain/sessions';
import { translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { currentLanguage } from '../../i18n';
import { GroupPlanFields, type GroupPlanValue } from './group-plan-fields';

/** What the form sends: the fields common to creation and update. */
export interface SessionDraftBody {
  name: Partial<Record<Language, string>>;
  publicName: Partial<Record<Language, string>>;
  isLeaf: boolean;
  isPublic: boolean;
  parentSessionId?: string;
  stepNumber?: number;
  archived: boolean;
  /** Only when the form offers tags (to those who manage the sphere's tags). */
  specificTagIds?: string[];
  /** Only when the form offers the plan (to those who manage the sphere's licences; decision 0050). */
  subscription?: GroupPlanValue['subscription'];
  subscriptionModules?: GroupPlanValue['subscriptionModules'];
}

const trimmed = (text: Partial<Record<Language, string>>) =>
  Object.fromEntries(
    Object.entries(text)
      .map(([l, v]) => [l, (v ?? '').trim()])
      .filter(([, v]) => v !== ''),
  ) as Partial<Record<Language, string>>;

/** The label of a session in the tree select: indented by its level. */
export function treeLabel(session: Session, language: Language): string {
  return `${'— '.repeat(session.level)}${textIn(session.name, language)}`;
}

/**
 * A session's names, place in the tree and options (spec 01 §5 session form): the name in the
 * sphere's primary language is required, and a public name for consumer sessions; the parent
 * choices exclude the session and its descendants; the step number is for consumer sessions only.
 */
export function SessionForm({
  languages,
  category,
  session,
  sessions,
  canArrange,
  initialParentId,
  pending,
  error,
  submitLabel,
  onSubmit,
  tagChoices,
  plan,
}: {
  languages: { primary: Language; extras: readonly Language[] };
  category: SessionCategory;
  session?: Session;
  /** The sphere's sessions, for the parent choice. */
  sessions: readonly Session[];
  /** Whether the caller arranges the sphere's tree (parent choice). */
  canArrange: boolean;
  initialParentId?: string | undefined;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (body: SessionDraftBody) => void;
  /** The sphere's active tags offered to sessions of this category; no tag field without them. */
  tagChoices?: readonly { value: string; label: string }[] | undefined;
  /** The sphere whose licences the plan and modules take; no plan field without it. */
  plan?: { sphereId: string } | undefined;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const problems = useFormProblems(error);
  const all = [languages.primary, ...languages.extras];
  const [name, setName] = useState<Partial<Record<Language, string>>>(
    session?.realName ?? session?.name ?? {},
  );
  const [publicName, setPublicName] = useState<Partial<Record<Language, string>>>(session?.publicName ?? {});
  const [parentId, setParentId] = useState(session?.parentSessionId ?? initialParentId ?? '');
  const [isLeaf, setIsLeaf] = useState(session?.isLeaf ?? false);
  const [isPublic, setIsPublic] = useState(session?.isPublic ?? category === 'consumer');
  const [archived, setArchived] = useState(session?.archived ?? false);
  const [stepNumber, setStepNumber] = useState<number | string>(session?.stepNumber ?? '');
  const [tagIds, setTagIds] = useState<string[]>(session?.specificTagIds ?? []);
  const held: GroupPlanValue | undefined = session
    ? { subscription: session.subscription, subscriptionModules: session.subscriptionModules ?? [] }
    : undefined;
  const [holding, setHolding] = useState<GroupPlanValue>(
    held ?? { subscription: 'starter', subscriptionModules: [] },
  );

  const node = (s: Session) => ({
    ...s,
    sessionId: s.id,
    label: textIn(s.name, language),
  });
  const choices = treeOrder(
    parentChoices(
      {
        ...(session ? { sessionId: session.id } : {}),
        sphereId: session?.sphereId ?? sessions[0]?.sphereId ?? '',
        category,
      },
      sessions.map(node),
    ),
  );

  function submit() {
    const missing = [];
    if (!name[languages.primary]?.trim())
      missing.push({ key: 'required', field: `body.name.${languages.primary}` });
    if (category === 'consumer' && !publicName[languages.primary]?.trim())
      missing.push({ key: 'required', field: `body.publicName.${languages.primary}` });
    problems.show(missing);
    if (missing.length) return;
    onSubmit({
      name: trimmed(name),
      publicName: trimmed(publicName),
      isLeaf,
      isPublic,
      archived,
      ...(parentId ? { parentSessionId: parentId } : {}),
      ...(category === 'consumer' && stepNumber !== '' ? { stepNumber: Number(stepNumber) } : {}),
      ...(tagChoices ? { specificTagIds: tagIds } : {}),
      ...(plan
        ? {
            subscription: holding.subscription,
            subscriptionModules: category === 'contributor' ? holding.subscriptionModules : [],
          }
        : {}),
    });
  }

  const names = (
    legend: string,
    value: Partial<Record<Language, string>>,
    set: (v: Partial<Record<Language, string>>) => void,
    field: 'name' | 'publicName',
    required: boolean,
  ) => (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {all.map((l) => (
          <TextInput
            key={l}
            label={t(`language.${l}`)}
            value={value[l] ?? ''}
            onChange={(e) => set({ ...value, [l]: e.currentTarget.value })}
            required={required && l === languages.primary}
            maxLength={100}
            error={problems.messageFor(`${field}.${l}`)}
            data-testid={`session-${field}-${l}`}
          />
        ))}
      </Stack>
    </Fieldset>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {names(t('groups.form.name'), name, setName, 'name', true)}
        {names(
          category === 'consumer' ? t('groups.form.publicName') : t('groups.form.publicNameGroup'),
          publicName,
          setPublicName,
          'publicName',
          category === 'consumer',
        )}
        {canArrange && (
          <NativeSelect
            label={t('groups.form.parent')}
            value={parentId}
            onChange={(e) => setParentId(e.currentTarget.value)}
            error={problems.messageFor('parentSessionId')}
            data={[
              { value: '', label: t('groups.form.noParent') },
              ...choices.map((s) => ({ value: s.id, label: treeLabel(s, language) })),
            ]}
            data-testid="session-parent"
          />
        )}
        {category === 'consumer' && (
          <NumberInput
            label={t('groups.form.stepNumber')}
            description={t('groups.form.stepNumberHelp', { max: SESSION_STEP_NUMBER_MAX })}
            min={0}
            max={SESSION_STEP_NUMBER_MAX}
            allowDecimal={false}
            value={stepNumber}
            onChange={setStepNumber}
            error={problems.messageFor('stepNumber')}
            data-testid="session-step"
          />
        )}
        {tagChoices && (
          <MultiSelect
            label={t('groups.form.tags')}
            description={
              session?.inheritedTagIds.length
                ? t('groups.form.tagsInherited', {
                    tags: session.inheritedTagIds
                      .map((id) => tagChoices.find((c) => c.value === id)?.label ?? id)
                      .join(', '),
                  })
                : t('groups.form.tagsHelp')
            }
            // A tag the session holds stays listed, even archived since.
            data={[
              ...tagChoices,
              ...tagIds
                .filter((id) => !tagChoices.some((c) => c.value === id))
                .map((id) => ({ value: id, label: id })),
            ]}
            value={tagIds}
            onChange={setTagIds}
            searchable
            error={problems.messageFor('specificTagIds')}
            data-testid="session-tags"
          />
        )}
        {plan && (
          <GroupPlanFields
            sphereId={plan.sphereId}
            category={category}
            value={holding}
            onChange={setHolding}
            current={held}
            planError={problems.messageFor('subscription')}
            modulesError={problems.messageFor('subscriptionModules')}
          />
        )}
        <Switch
          label={t('groups.form.isLeaf')}
          description={t('groups.form.isLeafHelp')}
          checked={isLeaf}
          onChange={(e) => setIsLeaf(e.currentTarget.checked)}
          error={problems.messageFor('isLeaf')}
          data-testid="session-leaf"
        />
        <Switch
          label={t('groups.form.isPublic')}
          description={t('groups.form.isPublicHelp')}
          checked={isPublic}
          onChange={(e) => setIsPublic(e.currentTarget.checked)}
          data-testid="session-public"
        />
        {session && (
          <Switch
            label={t('groups.form.archived')}
            description={t('groups.form.archivedHelp')}
            checked={archived}
            onChange={(e) => setArchived(e.currentTarget.checked)}
            data-testid="session-archived"
          />
        )}
        {problems.general.length > 0 && (
          <Alert color="red" role="alert" data-testid="session-form-error">
            {problems.general.map((p) => translateErrorItem(p, t)).join(' ')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending} data-testid="session-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
