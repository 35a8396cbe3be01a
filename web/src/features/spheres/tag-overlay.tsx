import { useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OverlayLoadError } from './overlay-load-error';
import type { Language } from '@shared/contracts/headers';
import type { Tag } from '@shared/contracts/tags';
import {
  TAG_CATEGORIES,
  TAG_MODULES,
  TAG_NAME_MAX_LENGTH,
  TAG_TYPES_BY_CATEGORY,
  type TagModule,
  type TagType,
} from '@shared/domain/tags';
import type { OverlayProps } from '../../lib/overlays';
import { errorMessages } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { notifySuccess } from '../../components/notify';
import { useSphere } from './api/spheres';
import { useCreateTag, useTag, useUpdateTag } from './api/tags';

/**
 * Overlay `addOrUpdateTag` (spec 01 §2, §5 tag form): a tag's name in each of the sphere's
 * languages (required in the primary one, at most 50 characters), its type by category, colour and
 * whole-number weight; its modules at creation, and on update in a closed advanced section. A tag
 * that no longer exists says so and closes.
 */
export default function TagOverlay({ params, done }: OverlayProps) {
  const sphereId = params.get('sphereId') ?? '';
  const tagId = params.get('tagId') ?? undefined;
  const sphere = useSphere(sphereId);
  const tag = useTag(sphereId, tagId);
  if (sphere.isError || tag.isError)
    return (
      <OverlayLoadError
        error={sphere.error ?? tag.error}
        item={tag.error}
        notFoundKey="spheres.tags.notFound"
        closeKey="spheres.tags.close"
        onClose={done}
        testId="tag-load-error"
      />
    );
  if (sphere.isPending || (tagId && tag.isPending)) return <Skeleton height={320} />;
  return (
    <TagForm
      sphereId={sphereId}
      languages={[sphere.data.languages.primary, ...sphere.data.languages.extras]}
      tag={tag.data}
      done={done}
    />
  );
}

function TagForm({
  sphereId,
  languages,
  tag,
  done,
}: {
  sphereId: string;
  languages: Language[];
  tag: Tag | undefined;
  done: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTag(sphereId);
  const update = useUpdateTag(sphereId);
  const saving = tag ? update : create;
  const problems = useFormProblems(saving.error);
  const primary = languages[0] as Language;
  const [name, setName] = useState<Partial<Record<Language, string>>>(tag?.name ?? {});
  const [type, setType] = useState<TagType | null>(tag?.type ?? null);
  const [color, setColor] = useState(tag?.color ?? '#4c6ef5');
  const [weight, setWeight] = useState<number | string>(tag?.weight ?? 0);
  const [modules, setModules] = useState<TagModule[]>(tag?.modules ?? [...TAG_MODULES]);
  const [keywords, setKeywords] = useState<string[]>(tag?.keywords ?? []);

  const typeChoices = TAG_CATEGORIES.map((category) => ({
    group: t(`spheres.tags.categories.${category}`),
    items: TAG_TYPES_BY_CATEGORY[category].map((value) => ({
      value,
      label: t(`spheres.tags.types.${value}`),
    })),
  }));

  function submit() {
    const missing = [];
    if (!name[primary]?.trim()) missing.push({ key: 'required', field: `body.name.${primary}` });
    if (!type) missing.push({ key: 'required', field: 'body.type' });
    if (typeof weight !== 'number' || !Number.isInteger(weight))
      missing.push({ key: 'not-valid', field: 'body.weight' });
    problems.show(missing);
    if (missing.length || !type || typeof weight !== 'number') return;
    const cleanName = Object.fromEntries(
      Object.entries(name)
        .map(([l, v]) => [l, v?.trim() ?? ''])
        .filter(([, v]) => v),
    );
    const fields = { name: cleanName, type, color, weight, keywords, modules };
    const onSuccess = () => {
      notifySuccess(tag ? 'spheres.tags.saved' : 'spheres.tags.created', {
        values: { name: cleanName[primary] ?? '' },
      });
      done();
    };
    if (tag) update.mutate({ tagId: tag.id, body: { ...fields, archived: tag.archived } }, { onSuccess });
    else create.mutate(fields, { onSuccess });
  }

  const moduleChoice = (
    <Checkbox.Group
      label={t('spheres.tags.modules')}
      description={t('spheres.tags.modulesHelp')}
      value={modules}
      onChange={(v) => setModules(v as TagModule[])}
    >
      <Stack gap={6} mt={6}>
        {TAG_MODULES.map((m) => (
          <Checkbox
            key={m}
            value={m}
            label={t(`spheres.tags.moduleNames.${m}`)}
            data-testid={`tag-module-${m}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="tag-form"
    >
      <Stack>
        {tag?.archived && (
          <Alert color="gray" data-testid="tag-archived-notice">
            {t('spheres.tags.archivedNotice')}
          </Alert>
        )}
        <Fieldset legend={t('spheres.tags.name')}>
          <Stack gap="xs">
            {languages.map((l) => (
              <TextInput
                key={l}
                label={t(`language.${l}`)}
                value={name[l] ?? ''}
                onChange={(e) => setName({ ...name, [l]: e.currentTarget.value })}
                required={l === primary}
                maxLength={TAG_NAME_MAX_LENGTH}
                description={t('spheres.tags.nameLength', {
                  count: (name[l] ?? '').length,
                  max: TAG_NAME_MAX_LENGTH,
                })}
                error={problems.messageFor(`name.${l}`)}
                data-testid={`tag-name-${l}`}
              />
            ))}
          </Stack>
        </Fieldset>
        <Select
          label={t('spheres.tags.type')}
          data={typeChoices}
          value={type}
          onChange={(v) => setType(v as TagType | null)}
          required
          searchable
          error={problems.messageFor('type')}
          data-testid="tag-type"
        />
        <Group align="flex-start" grow>
          <ColorInput
            label={t('spheres.tags.color')}
            value={color}
            onChange={setColor}
            format="hex"
            eyeDropperButtonProps={{ 'aria-label': t('spheres.tags.pickColor') }}
            error={problems.messageFor('color')}
            data-testid="tag-color"
          />
          <NumberInput
            label={t('spheres.tags.weight')}
            description={t('spheres.tags.weightHelp')}
            value={weight}
            onChange={setWeight}
            step={1}
            allowDecimal={false}
            error={problems.messageFor('weight')}
            data-testid="tag-weight"
          />
        </Group>
        <TagsInput
          label={t('spheres.tags.keywords')}
          description={t('spheres.tags.keywordsHelp')}
          value={keywords}
          onChange={setKeywords}
          maxTags={20}
          data-testid="tag-keywords"
        />
        {tag ? (
          <Accordion variant="contained" data-testid="tag-advanced">
            <Accordion.Item value="advanced">
              <Accordion.Control>{t('spheres.tags.advanced')}</Accordion.Control>
              <Accordion.Panel>{moduleChoice}</Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        ) : (
          moduleChoice
        )}
        {problems.general.length > 0 && (
          <Alert color="red" role="alert" data-testid="tag-error">
            {errorMessages(saving.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving.isPending} disabled={tag?.archived} data-testid="tag-save">
            {tag ? t('spheres.tags.save') : t('spheres.tags.create')}
          </Button>
          <Button variant="default" onClick={done}>
            {t('spheres.tags.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
