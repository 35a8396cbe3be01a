import { useState } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CampaignUpdateSchema,
  CAMPAIGN_TAGS_MAX,
  type Campaign,
  type CampaignUpdateInput,
} from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import type { Sphere } from '@shared/contracts/spheres';
import type { MultilingualText } from '@shared/contracts/text';
import { CAMPAIGN_MODES, type CampaignMode, type CampaignTemplate } from '@shared/domain/campaigns';
import { notifySuccess } from '../../components/notify';
import { errorsFromIssues } from '../../lib/errors';
import { useUpdateCampaign } from './api/campaigns';
import { CampaignLogoField } from './campaign-logo';
import { offeredTemplates } from './campaign-overlay';
import {
  MultilingualInput,
  campaignBody,
  fieldMessages,
  fromLocalInput,
  sphereLanguages,
  toLocalInput,
  useConflictReload,
} from './parts';

type Draft = Required<
  Omit<CampaignUpdateInput, 'start' | 'end' | 'linkExpiration' | 'endRedirectUrl' | 'logo' | 'logoUrl'>
> & {
  start: string;
  end: string;
  linkExpiration: string;
  endRedirectUrl: string;
};

/**
 * The settings tab: every field of the campaign (spec 02 §3 Campaign), saved with the `updateDate`
 * read; when someone changed it meanwhile the server answers 409 and the campaign is read again.
 */
export function SettingsForm({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const update = useUpdateCampaign(campaign.campaignId);
  const onConflict = useConflictReload(campaign.campaignId);
  const languages = sphereLanguages(sphere);
  const initial = campaignBody(campaign);
  const [draft, setDraft] = useState<Draft>({
    ...(initial as Draft),
    start: toLocalInput(campaign.start),
    end: toLocalInput(campaign.end),
    linkExpiration: toLocalInput(campaign.linkExpiration),
    endRedirectUrl: campaign.endRedirectUrl ?? '',
  });
  const [found, setFound] = useState<FieldError[]>([]);
  const problems = fieldMessages(found, update.error, t);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const templates = [
    ...new Set<CampaignTemplate>([
      ...offeredTemplates(sphere.entitlements.engagementUp.campaignTemplatesAvailable),
      campaign.templateModel,
    ]),
  ];

  const submit = () => {
    const body: CampaignUpdateInput = {
      ...draft,
      start: fromLocalInput(draft.start),
      end: fromLocalInput(draft.end),
      linkExpiration: fromLocalInput(draft.linkExpiration),
      endRedirectUrl: draft.endRedirectUrl.trim() || undefined,
    };
    const parsed = CampaignUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setFound(errorsFromIssues(parsed.error.issues, body));
      return;
    }
    setFound([]);
    update.mutate(body, {
      onSuccess: () => notifySuccess('campaigns.settings.saved'),
      onError: onConflict,
    });
  };
  const text = (
    key: 'publicName' | 'description' | 'firstMessage' | 'welcomeMessage' | 'endMessage',
    multiline: boolean,
  ) => (
    <MultilingualInput
      label={t(`campaigns.fields.${key}`)}
      value={draft[key] as MultilingualText}
      languages={languages}
      onChange={(v) => set(key, v)}
      multiline={multiline}
      error={problems.messageFor(key)}
      testId={`campaign-${key}`}
    />
  );
  const instant = (key: 'start' | 'end' | 'linkExpiration') => (
    <TextInput
      type="datetime-local"
      label={t(`campaigns.fields.${key}`)}
      value={draft[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={problems.messageFor(key)}
      data-testid={`campaign-${key}`}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="campaign-settings-form"
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('campaigns.fields.name')}
            required
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={problems.messageFor('name')}
            data-testid="campaign-name"
          />
          <TextInput
            label={t('campaigns.fields.internalLabel')}
            value={draft.internalLabel}
            onChange={(e) => set('internalLabel', e.currentTarget.value)}
            error={problems.messageFor('internalLabel')}
            data-testid="campaign-internal-label"
          />
          <TextInput
            label={t('campaigns.fields.code')}
            description={t('campaigns.fields.codeHint')}
            value={draft.code}
            onChange={(e) => set('code', e.currentTarget.value)}
            error={problems.messageFor('code')}
            data-testid="campaign-code"
          />
          <TextInput
            label={t('campaigns.fields.timezone')}
            value={draft.timezone}
            onChange={(e) => set('timezone', e.currentTarget.value)}
            error={problems.messageFor('timezone')}
            data-testid="campaign-timezone"
          />
        </SimpleGrid>
        {text('publicName', false)}
        {text('description', true)}
        <TagsInput
          label={t('campaigns.fields.tags')}
          description={t('campaigns.fields.tagsHint')}
          value={draft.tags}
          onChange={(v) => set('tags', v)}
          maxTags={CAMPAIGN_TAGS_MAX}
          error={problems.messageFor('tags')}
          data-testid="campaign-tags"
        />
        <CampaignLogoField
          campaign={campaign}
          sphere={sphere}
          useSphereLogo={draft.useSphereLogo}
          onUseSphereLogoChange={(v) => set('useSphereLogo', v)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {instant('start')}
          {instant('end')}
          <NativeSelect
            label={t('campaigns.fields.mode')}
            value={draft.mode}
            onChange={(e) => set('mode', e.currentTarget.value as CampaignMode)}
            data={CAMPAIGN_MODES.map((m) => ({ value: m, label: t(`campaigns.modes.${m}`) }))}
            data-testid="campaign-mode"
          />
          <NativeSelect
            label={t('campaigns.fields.template')}
            value={draft.templateModel}
            onChange={(e) => set('templateModel', e.currentTarget.value as CampaignTemplate)}
            data={templates.map((m) => ({ value: m, label: t(`campaigns.templates.${m}`) }))}
            error={problems.messageFor('templateModel')}
            data-testid="campaign-template"
          />
          <NativeSelect
            label={t('campaigns.fields.defaultLocale')}
            value={draft.defaultLocale}
            onChange={(e) => set('defaultLocale', e.currentTarget.value as Language)}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`campaigns.languages.${l}`) }))}
            data-testid="campaign-locale"
          />
        </SimpleGrid>
        {text('firstMessage', true)}
        {text('welcomeMessage', true)}
        {text('endMessage', true)}
        <Fieldset legend={t('campaigns.fields.participantOptions')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="url"
              label={t('campaigns.fields.endRedirectUrl')}
              description={t('campaigns.fields.endRedirectUrlHint')}
              value={draft.endRedirectUrl}
              onChange={(e) => set('endRedirectUrl', e.currentTarget.value)}
              error={problems.messageFor('endRedirectUrl')}
              data-testid="campaign-end-redirect"
            />
            {instant('linkExpiration')}
            <NumberInput
              label={t('campaigns.fields.qrStepNumber')}
              description={t('campaigns.fields.qrStepNumberHint')}
              min={0}
              max={100}
              allowDecimal={false}
              value={draft.qrStepNumber}
              onChange={(v) => set('qrStepNumber', typeof v === 'number' ? v : Number(v) || 0)}
              error={problems.messageFor('qrStepNumber')}
              data-testid="campaign-qr-step"
            />
          </SimpleGrid>
          <Stack gap="xs" mt="md">
            <Switch
              label={t('campaigns.fields.allowGuest')}
              checked={draft.allowGuest}
              onChange={(e) => set('allowGuest', e.currentTarget.checked)}
              data-testid="campaign-allow-guest"
            />
            <Switch
              label={t('campaigns.fields.allowDelegation')}
              checked={draft.allowDelegation}
              onChange={(e) => set('allowDelegation', e.currentTarget.checked)}
              data-testid="campaign-allow-delegation"
            />
          </Stack>
        </Fieldset>
        {problems.general.length > 0 && (
          <Alert color="red" role="alert" data-testid="campaign-settings-problem">
            {problems.general.join('; ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="campaign-settings-save">
            {t('campaigns.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
