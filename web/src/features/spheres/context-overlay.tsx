import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OverlayLoadError } from './overlay-load-error';
import { useLanguageStrings } from '../../lib/language-strings';
import type { FieldError } from '@shared/contracts/errors';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import {
  SphereContextCreateSchema,
  SphereContextUpdateSchema,
  type SphereContext,
} from '@shared/contracts/sphere-contexts';
import {
  applySubstitutions,
  CONTEXT_DESCRIPTION_MAX_LENGTH,
  CONTEXT_NAME_MAX_LENGTH,
  CONTEXT_OVERRIDE_KEYS,
  CONTEXT_OVERRIDE_MAX_LENGTH,
  CONTEXT_SUBSTITUTIONS_MAX,
  CONTEXT_WORD_MAX_LENGTH,
  type ContextOverrideKey,
} from '@shared/domain/sphere-contexts';
import type { OverlayProps } from '../../lib/overlays';
import { errorMessages, errorsFromIssues } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { notifySuccess } from '../../components/notify';
import { useSphere } from './api/spheres';
import { useCreateSphereContext, useSphereContext, useUpdateSphereContext } from './api/contexts';

type Texts = Partial<Record<Language, string>>;
/** A row of the words editor; `key` only tells React the rows apart. */
interface Row {
  key: number;
  from: string;
  to: string;
}

/** The product text each override replaces (shown under its field, in the language edited). */
const OVERRIDDEN: Record<ContextOverrideKey, string> = {
  sphereWelcome: 'spheres.home.welcome',
  groupsEmpty: 'groups.sphere.empty',
  leaveMessage: 'spheres.leave.message',
};

/**
 * Overlay `addOrUpdateSphereContext` (spec 01 §3 Sphere context): a context's name (required in
 * the sphere's primary language) and description, whether the members read it, its words (pairs
 * of the product's word and the sphere's, per language, with a preview) and its own texts for the
 * named product texts. A context that no longer exists says so.
 */
export default function SphereContextOverlay({ params, done }: OverlayProps) {
  const sphereId = params.get('sphereId') ?? '';
  const contextId = params.get('contextId') ?? undefined;
  const sphere = useSphere(sphereId);
  const context = useSphereContext(sphereId, contextId);
  if (sphere.isError || context.isError)
    return (
      <OverlayLoadError
        error={sphere.error ?? context.error}
        item={context.error}
        notFoundKey="spheres.contexts.notFound"
        closeKey="spheres.contexts.close"
        onClose={done}
        testId="context-load-error"
      />
    );
  if (sphere.isPending || (contextId && context.isPending)) return <Skeleton height={360} />;
  return (
    <ContextForm
      sphereId={sphereId}
      sphereName={sphere.data.name}
      languages={[sphere.data.languages.primary, ...sphere.data.languages.extras]}
      context={context.data}
      done={done}
    />
  );
}

/** Only the languages that say something, trimmed. */
function written(texts: Texts): Texts {
  return Object.fromEntries(
    Object.entries(texts)
      .map(([l, v]) => [l, v?.trim() ?? ''])
      .filter(([, v]) => v),
  );
}

/** The language a problem's field is in (`body.substitutions.nl.0.from`, `body.overrides.x.nl`). */
function languageOf(problem: FieldError, languages: readonly Language[]): Language | undefined {
  const parts = problem.field?.split('.') ?? [];
  const at = parts[1] === 'substitutions' ? 2 : parts[1] === 'overrides' ? 3 : -1;
  return languages.find((l) => l === parts[at]);
}

function ContextForm({
  sphereId,
  sphereName,
  languages,
  context,
  done,
}: {
  sphereId: string;
  sphereName: string;
  languages: Language[];
  context: SphereContext | undefined;
  done: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSphereContext(sphereId);
  const update = useUpdateSphereContext(sphereId);
  const saving = context ? update : create;
  const problems = useFormProblems(saving.error);
  const primary = languages[0] as Language;
  const nextKey = useRef(0);
  const rowsOf = (pairs: readonly { from: string; to: string }[] = []): Row[] =>
    pairs.map((p) => ({ key: nextKey.current++, from: p.from, to: p.to }));

  const [name, setName] = useState<Texts>(context?.name ?? {});
  const [description, setDescription] = useState<Texts>(context?.description ?? {});
  const [active, setActive] = useState(context?.active ?? false);
  const [rows, setRows] = useState<Partial<Record<Language, Row[]>>>(() =>
    Object.fromEntries(LANGUAGES.map((l) => [l, rowsOf(context?.substitutions[l])])),
  );
  const [overrides, setOverrides] = useState<Partial<Record<ContextOverrideKey, Texts>>>(
    context?.overrides ?? {},
  );
  // The sphere's languages, and any other this context already says something in (kept when saved).
  const editable = LANGUAGES.filter(
    (l) =>
      languages.includes(l) ||
      !!context?.substitutions[l]?.length ||
      CONTEXT_OVERRIDE_KEYS.some((key) => context?.overrides[key]?.[l]),
  );
  const [language, setLanguage] = useState<Language>(primary);
  const shown = rows[language] ?? [];
  const setShown = (next: Row[]) => setRows({ ...rows, [language]: next });
  const filledRows = (list: readonly Row[] = []) => list.filter((r) => r.from.trim() || r.to.trim());
  const pairs = (l: Language, from = rows) =>
    filledRows(from[l]).map(({ from: word, to }) => ({ from: word.trim(), to: to.trim() }));
  const withProblems = new Set(problems.all.map((p) => languageOf(p, LANGUAGES)).filter(Boolean));

  function submit() {
    // Blank rows go: the rows left are numbered as the body's pairs, so a problem shows on its row.
    const kept = Object.fromEntries(LANGUAGES.map((l) => [l, filledRows(rows[l])]));
    setRows(kept);
    const fields = {
      name: written(name),
      description: written(description),
      substitutions: Object.fromEntries(
        LANGUAGES.flatMap((l) => (pairs(l, kept).length ? [[l, pairs(l, kept)]] : [])),
      ),
      overrides: Object.fromEntries(
        CONTEXT_OVERRIDE_KEYS.flatMap((key) => {
          const texts = written(overrides[key] ?? {});
          return Object.keys(texts).length ? [[key, texts]] : [];
        }),
      ),
      active,
    };
    const body = context ? { ...fields, updateDate: context.updateDate } : fields;
    const parsed = (context ? SphereContextUpdateSchema : SphereContextCreateSchema).safeParse(body);
    const found: FieldError[] = [
      ...(parsed.success
        ? []
        : errorsFromIssues(parsed.error.issues, body).map((p) =>
            p.field ? { ...p, field: `body.${p.field}` } : p,
          )),
      ...(fields.name[primary] ? [] : [{ key: 'required', field: `body.name.${primary}` }]),
    ];
    problems.show(found);
    if (found.length) {
      // A problem in the words or texts of another language: that language is shown.
      const first = found.map((p) => languageOf(p, editable)).find(Boolean);
      if (first) setLanguage(first);
      return;
    }
    const onSuccess = () => {
      notifySuccess(context ? 'spheres.contexts.saved' : 'spheres.contexts.created', {
        values: { name: fields.name[primary] ?? '' },
      });
      done();
    };
    if (context)
      update.mutate(
        { contextId: context.id, body: { ...fields, updateDate: context.updateDate } },
        { onSuccess },
      );
    else create.mutate(fields, { onSuccess });
  }

  const languageLabel = (l: Language) =>
    withProblems.has(l)
      ? t('spheres.contexts.languageToCheck', { language: t(`language.${l}`) })
      : t(`language.${l}`);
  // The preview speaks the language edited: its strings load the first time it is chosen.
  const inLanguage = useLanguageStrings(language);
  const sample = inLanguage ? t('spheres.contexts.previewSample', { lng: language }) : '';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="context-form"
    >
      <Stack>
        <Fieldset legend={t('spheres.contexts.name')}>
          <Stack gap="xs">
            {languages.map((l) => (
              <TextInput
                key={l}
                label={t(`language.${l}`)}
                value={name[l] ?? ''}
                onChange={(e) => setName({ ...name, [l]: e.currentTarget.value })}
                required={l === primary}
                maxLength={CONTEXT_NAME_MAX_LENGTH}
                error={problems.messageFor(`name.${l}`)}
                data-testid={`context-name-${l}`}
              />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('spheres.contexts.description')}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('spheres.contexts.descriptionHelp')}
            </Text>
            {languages.map((l) => (
              <Textarea
                key={l}
                label={t(`language.${l}`)}
                value={description[l] ?? ''}
                onChange={(e) => setDescription({ ...description, [l]: e.currentTarget.value })}
                autosize
                minRows={2}
                maxLength={CONTEXT_DESCRIPTION_MAX_LENGTH}
                error={problems.messageFor(`description.${l}`)}
                data-testid={`context-description-${l}`}
              />
            ))}
          </Stack>
        </Fieldset>
        <Checkbox
          label={t('spheres.contexts.activeLabel')}
          description={t('spheres.contexts.activeHelp')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
          data-testid="context-active"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="context-language-label">
            {t('spheres.contexts.languageOfWords')}
          </Text>
          <SegmentedControl
            value={language}
            onChange={(v) => setLanguage(v as Language)}
            aria-labelledby="context-language-label"
            data={editable.map((l) => ({ value: l, label: languageLabel(l) }))}
            data-testid="context-language"
          />
        </Stack>
        <Fieldset legend={t('spheres.contexts.substitutions')} data-testid="context-substitutions">
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('spheres.contexts.substitutionsHelp')}
            </Text>
            {problems.messageFor(`substitutions.${language}`) &&
              !shown.some((_, i) => problems.messageFor(`substitutions.${language}.${i}`)) && (
                <Text size="sm" c="red" role="alert">
                  {problems.messageFor(`substitutions.${language}`)}
                </Text>
              )}
            {shown.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="context-substitutions-empty">
                {t('spheres.contexts.noSubstitutions')}
              </Text>
            )}
            {shown.map((row, i) => (
              <Group key={row.key} align="flex-start" wrap="nowrap" gap="xs">
                <TextInput
                  aria-label={t('spheres.contexts.fromOf', { number: i + 1 })}
                  placeholder={t('spheres.contexts.fromPlaceholder')}
                  value={row.from}
                  onChange={(e) => {
                    const from = e.currentTarget.value;
                    setShown(shown.map((r) => (r.key === row.key ? { ...r, from } : r)));
                  }}
                  maxLength={CONTEXT_WORD_MAX_LENGTH}
                  error={problems.messageFor(`substitutions.${language}.${i}.from`)}
                  style={{ flex: 1 }}
                  data-testid={`context-from-${i}`}
                />
                <Text aria-hidden pt={6}>
                  →
                </Text>
                <TextInput
                  aria-label={t('spheres.contexts.toOf', { number: i + 1 })}
                  placeholder={t('spheres.contexts.toPlaceholder')}
                  value={row.to}
                  onChange={(e) => {
                    const to = e.currentTarget.value;
                    setShown(shown.map((r) => (r.key === row.key ? { ...r, to } : r)));
                  }}
                  maxLength={CONTEXT_WORD_MAX_LENGTH}
                  error={problems.messageFor(`substitutions.${language}.${i}.to`)}
                  style={{ flex: 1 }}
                  data-testid={`context-to-${i}`}
                />
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setShown(shown.filter((r) => r.key !== row.key))}
                  aria-label={t('spheres.contexts.removeOf', { number: i + 1 })}
                  data-testid={`context-remove-${i}`}
                >
                  {t('spheres.contexts.remove')}
                </Button>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() => setShown([...shown, { key: nextKey.current++, from: '', to: '' }])}
                disabled={shown.length >= CONTEXT_SUBSTITUTIONS_MAX}
                data-testid="context-add-word"
              >
                {t('spheres.contexts.addWord')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('spheres.contexts.wordsLeft', { used: shown.length, max: CONTEXT_SUBSTITUTIONS_MAX })}
              </Text>
            </Group>
            <Text size="sm" data-testid="context-preview" aria-live="polite">
              <Text span fw={500}>
                {t('spheres.contexts.preview')}
              </Text>{' '}
              <span lang={language}>{applySubstitutions(sample, pairs(language))}</span>
            </Text>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('spheres.contexts.overrides')} data-testid="context-overrides">
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('spheres.contexts.overridesHelp')}
            </Text>
            {CONTEXT_OVERRIDE_KEYS.map((key) => (
              <Textarea
                key={`${key}-${language}`}
                label={t(`spheres.contexts.overrideKeys.${key}`)}
                description={t('spheres.contexts.replaces', {
                  text: inLanguage ? t(OVERRIDDEN[key], { lng: language, name: sphereName }) : '',
                })}
                value={overrides[key]?.[language] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setOverrides({ ...overrides, [key]: { ...overrides[key], [language]: value } });
                }}
                autosize
                minRows={2}
                maxLength={CONTEXT_OVERRIDE_MAX_LENGTH}
                error={problems.messageFor(`overrides.${key}.${language}`)}
                lang={language}
                data-testid={`context-override-${key}`}
              />
            ))}
          </Stack>
        </Fieldset>
        {problems.general.length > 0 && (
          <Alert color="red" role="alert" data-testid="context-error">
            {errorMessages(saving.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving.isPending} data-testid="context-save">
            {context ? t('spheres.contexts.save') : t('spheres.contexts.create')}
          </Button>
          <Button variant="default" onClick={done}>
            {t('spheres.contexts.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
