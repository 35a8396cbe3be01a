import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import {
  LinkCreateSchema,
  LinkUpdateSchema,
  type Link,
  type LinkCreateInput,
  type LinkUpdateInput,
  type LinkWizardInput,
} from '@shared/contracts/links';
import {
  EVALUATION_PERIODS,
  LINK_DESCRIPTION_MAX_LENGTH,
  LINK_MESSAGE_MAX_LENGTH,
  LINK_NAME_MAX_LENGTH,
  WIZARD_TYPES,
  earliestExpiry,
  isExpirySet,
  stepNumberChoices,
  type LinkCategory,
  type WizardType,
} from '@shared/domain/links';
import { LoadedSelect } from '../../components/loaded-select';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { useSphereTags } from './api/links';
import { tagChoices } from './tag-choices';

/** The place a new link is made for (from the overlay's query parameters). */
export interface LinkTarget {
  category: LinkCategory;
  sphereId: string;
  sessionId?: string;
  campaignId?: string;
}

interface Draft {
  name: string;
  description: string;
  redirectUrl: string;
  hasExpiry: boolean;
  expiredAt: string;
  messageForUser: string;
  endMessageForUser: string;
  defaultLanguage: Language;
  stepNumber: string;
  wizards: Partial<Record<WizardType, boolean>>;
  period: string;
  groupId: string;
  formId: string;
  tagIds: string[];
}

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

function draftOf(link: Link | undefined): Draft {
  const wizard = <T extends WizardType>(type: T) => link?.wizards.find((w) => w.type === type);
  const feeling = wizard('feeling');
  const thinking = wizard('thinking');
  const form = wizard('form');
  const expirySet = link ? isExpirySet(link.expiredAt, Date.now()) : false;
  return {
    name: link?.name ?? '',
    description: link?.description ?? '',
    redirectUrl: link?.redirectUrl ?? '',
    hasExpiry: expirySet,
    expiredAt: expirySet && link ? link.expiredAt : '',
    messageForUser: link?.messageForUser ?? '',
    endMessageForUser: link?.endMessageForUser ?? '',
    defaultLanguage: link?.defaultLanguage ?? 'fr',
    stepNumber: String(link?.stepNumber ?? 0),
    wizards: Object.fromEntries((link?.wizards ?? [{ type: 'feeling' }]).map((w) => [w.type, true])),
    period: feeling && 'period' in feeling ? feeling.period : 'none',
    groupId: thinking && 'groupId' in thinking ? thinking.groupId : 'default',
    formId: form && 'formId' in form ? form.formId : '',
    tagIds: link?.specificTagIds ?? [],
  };
}

/** The wizards checked, each with its own field. */
function wizardsOf(draft: Draft): LinkWizardInput[] {
  return WIZARD_TYPES.filter((type) => draft.wizards[type]).map((type): LinkWizardInput => {
    switch (type) {
      case 'feeling':
        return { type, period: draft.period as (typeof EVALUATION_PERIODS)[number] };
      case 'thinking':
        return { type, groupId: draft.groupId.trim() };
      case 'form':
        return { type, formId: draft.formId.trim() };
      default:
        return { type };
    }
  });
}

/**
 * A link's form (spec 01 §5, spec 02 §5): name (required, 300), description (2000), the steps it
 * runs with their settings (a form step names its form), messages (250 each), an optional expiry
 * (at least tomorrow; none means 100 years), language, step number, where to go at the end and,
 * for those who may read the sphere's tags, the link's tags.
 * Checked with the contract's schema, then by the server.
 */
export function LinkForm({
  link,
  target,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  link?: Link;
  target: LinkTarget;
  pending: boolean;
  error: unknown;
  onSubmit: (body: LinkCreateInput | LinkUpdateInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(link));
  const { general, messageFor, check } = useFormProblems(error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const zone = timeZone();
  const ability = useAbility();
  // The sphere's tags are its admins' to read; others keep the link's tags as they are.
  const mayReadTags = ability.can('get', subject('sphere-tag', { sphereId: target.sphereId }));
  const tags = useSphereTags(target.sphereId, mayReadTags);

  const submit = () => {
    const fields: LinkUpdateInput = {
      name: draft.name,
      description: draft.description,
      ...(draft.redirectUrl.trim() ? { redirectUrl: draft.redirectUrl.trim() } : {}),
      ...(draft.hasExpiry ? { expiredAt: draft.expiredAt } : {}),
      ...(zone ? { timeZone: zone } : {}),
      ...(draft.messageForUser.trim() ? { messageForUser: draft.messageForUser } : {}),
      ...(draft.endMessageForUser.trim() ? { endMessageForUser: draft.endMessageForUser } : {}),
      defaultLanguage: draft.defaultLanguage,
      specificTagIds: draft.tagIds,
      stepNumber: Number(draft.stepNumber),
      wizards: wizardsOf(draft),
    };
    if (link) {
      if (check(LinkUpdateSchema, fields)) onSubmit(fields);
      return;
    }
    const body: LinkCreateInput = {
      ...fields,
      category: target.category,
      sphereId: target.sphereId,
      ...(target.sessionId ? { sessionId: target.sessionId } : {}),
      ...(target.campaignId ? { campaignId: target.campaignId } : {}),
    };
    if (check(LinkCreateSchema, body)) onSubmit(body);
  };

  const wizardProblem = (type: WizardType, field?: string) => {
    const index = wizardsOf(draft).findIndex((w) => w.type === type);
    return index < 0 ? undefined : messageFor(`wizards.${index}${field ? `.${field}` : ''}`);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="link-form"
    >
      <Stack>
        <TextInput
          label={t('links.form.name')}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          required
          maxLength={LINK_NAME_MAX_LENGTH}
          error={messageFor('name')}
          data-testid="link-name"
        />
        <Textarea
          label={t('links.form.description')}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          maxLength={LINK_DESCRIPTION_MAX_LENGTH}
          autosize
          minRows={2}
          error={messageFor('description')}
          data-testid="link-description"
        />
        <Fieldset legend={t('links.form.steps')}>
          <Stack gap="xs">
            {WIZARD_TYPES.filter(
              (type) => type !== 'sessionStrategyAssessment' || target.category === 'session',
            ).map((type) => (
              <Stack key={type} gap={4}>
                <Checkbox
                  label={t(`links.wizards.${type}`)}
                  checked={draft.wizards[type] === true}
                  onChange={(e) => set('wizards', { ...draft.wizards, [type]: e.currentTarget.checked })}
                  error={wizardProblem(type)}
                  data-testid={`link-wizard-${type}`}
                />
                {type === 'feeling' && draft.wizards.feeling && (
                  <Select
                    label={t('links.form.period')}
                    data={EVALUATION_PERIODS.map((p) => ({ value: p, label: t(`links.periods.${p}`) }))}
                    value={draft.period}
                    onChange={(v) => set('period', v ?? 'none')}
                    allowDeselect={false}
                    ml="xl"
                    data-testid="link-period"
                  />
                )}
                {type === 'thinking' && draft.wizards.thinking && (
                  <TextInput
                    label={t('links.form.groupId')}
                    value={draft.groupId}
                    onChange={(e) => set('groupId', e.currentTarget.value)}
                    error={wizardProblem('thinking', 'groupId')}
                    ml="xl"
                    data-testid="link-group"
                  />
                )}
                {type === 'form' && draft.wizards.form && (
                  <TextInput
                    label={t('links.form.formId')}
                    value={draft.formId}
                    onChange={(e) => set('formId', e.currentTarget.value)}
                    required
                    error={wizardProblem('form', 'formId')}
                    ml="xl"
                    data-testid="link-form-id"
                  />
                )}
              </Stack>
            ))}
          </Stack>
        </Fieldset>
        <Textarea
          label={t('links.form.messageForUser')}
          value={draft.messageForUser}
          onChange={(e) => set('messageForUser', e.currentTarget.value)}
          maxLength={LINK_MESSAGE_MAX_LENGTH}
          error={messageFor('messageForUser')}
          data-testid="link-message"
        />
        <Textarea
          label={t('links.form.endMessageForUser')}
          value={draft.endMessageForUser}
          onChange={(e) => set('endMessageForUser', e.currentTarget.value)}
          maxLength={LINK_MESSAGE_MAX_LENGTH}
          error={messageFor('endMessageForUser')}
          data-testid="link-end-message"
        />
        <TextInput
          label={t('links.form.redirectUrl')}
          description={t('links.form.redirectUrlHint')}
          type="url"
          value={draft.redirectUrl}
          onChange={(e) => set('redirectUrl', e.currentTarget.value)}
          error={messageFor('redirectUrl')}
          data-testid="link-redirect"
        />
        <Switch
          label={t('links.form.hasExpiry')}
          checked={draft.hasExpiry}
          onChange={(e) => set('hasExpiry', e.currentTarget.checked)}
          data-testid="link-has-expiry"
        />
        {draft.hasExpiry && (
          <TextInput
            label={t('links.form.expiredAt')}
            type="date"
            min={earliestExpiry(Date.now(), zone)}
            value={draft.expiredAt}
            onChange={(e) => set('expiredAt', e.currentTarget.value)}
            required
            error={messageFor('expiredAt')}
            data-testid="link-expiry"
          />
        )}
        <Group grow align="flex-start">
          <Select
            label={t('links.form.language')}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            value={draft.defaultLanguage}
            onChange={(v) => set('defaultLanguage', (v ?? 'fr') as Language)}
            allowDeselect={false}
            data-testid="link-language"
          />
          <Select
            label={t('links.form.stepNumber')}
            data={stepNumberChoices(link?.category ?? target.category).map((n, i, all) => ({
              value: String(n),
              label:
                i === 0
                  ? t('links.form.stepFirst')
                  : i === all.length - 1 && n === 100
                    ? t('links.form.stepLast')
                    : String(n),
            }))}
            value={draft.stepNumber}
            onChange={(v) => set('stepNumber', v ?? '0')}
            allowDeselect={false}
            error={messageFor('stepNumber')}
            data-testid="link-step"
          />
        </Group>
        {mayReadTags && (
          <LoadedSelect
            multiple
            query={tags}
            options={(data) => tagChoices(data.items, draft.tagIds, currentLanguage())}
            loadError={t('links.form.tagsLoadError')}
            errorAs="alert"
            errorTestId="link-tags-error"
            loadingText={t('links.form.tagsLoading')}
            empty={t('links.form.tagsNone')}
            label={t('links.form.tags')}
            description={t('links.form.tagsHelp')}
            value={draft.tagIds}
            onChange={(value) => set('tagIds', value)}
            searchable
            clearable
            error={messageFor('specificTagIds')}
            data-testid="link-tags"
          />
        )}
        {!link && (
          <Text size="sm" c="dimmed" data-testid="link-logo-later">
            {t('links.form.logoLater')}
          </Text>
        )}
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid="link-form-error">
            {general.map((p) => translateErrorItem(p, t)).join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="link-cancel">
            {t('links.form.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="link-save">
            {t('links.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
