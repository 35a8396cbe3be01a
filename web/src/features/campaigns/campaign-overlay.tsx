import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CampaignCreateSchema, type CampaignCreateInput } from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import {
  CAMPAIGN_MODES,
  CAMPAIGN_TEMPLATES,
  type CampaignMode,
  type CampaignTemplate,
} from '@shared/domain/campaigns';
import { isTimeZone } from '@shared/domain/time-zones';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { errorsFromIssues } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useCampaignSphere, useCreateCampaign } from './api/campaigns';
import { MultilingualInput, fieldMessages, sphereLanguages } from './parts';
import { campaignSettingsPath } from './paths';

/** The templates a sphere may start from: blank only, unless its engagement-up entitlement offers them. */
export function offeredTemplates(templatesAvailable: boolean): readonly CampaignTemplate[] {
  return templatesAvailable ? CAMPAIGN_TEMPLATES : ['blank'];
}

/** The browser's time zone when it is a known one, else the product's. */
function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : 'Europe/Brussels';
  } catch {
    return 'Europe/Brussels';
  }
}

/**
 * `show=campaign&sphereId=…` (spec 02 §2): a new campaign of the sphere — name, public name in the
 * sphere's languages, mode, template model, participants' default language and time zone — then
 * its settings open.
 */
export default function CampaignOverlay({ params }: OverlayProps) {
  const { t } = useTranslation();
  const sphereId = params.get('sphereId') ?? '';
  const sphere = useCampaignSphere(sphereId);
  if (sphere.isPending) return <Skeleton height={240} data-testid="campaign-create-loading" />;
  if (sphere.isError)
    return (
      <ErrorState
        title={t('campaigns.create.loadError')}
        error={sphere.error}
        onRetry={() => void sphere.refetch()}
        testId="campaign-create-error"
      />
    );
  return (
    <CreationForm
      sphereId={sphereId}
      languages={sphereLanguages(sphere.data)}
      primary={sphere.data.languages.primary}
      templates={offeredTemplates(sphere.data.entitlements.engagementUp.campaignTemplatesAvailable)}
    />
  );
}

function CreationForm({
  sphereId,
  languages,
  primary,
  templates,
}: {
  sphereId: string;
  languages: Language[];
  primary: Language;
  templates: readonly CampaignTemplate[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCampaign(sphereId);
  const [name, setName] = useState('');
  const [publicName, setPublicName] = useState<MultilingualText>({});
  const [mode, setMode] = useState<CampaignMode>('simple');
  const [templateModel, setTemplate] = useState<CampaignTemplate>('blank');
  const [defaultLocale, setLocale] = useState<Language>(primary);
  const [timezone, setTimezone] = useState(browserTimeZone);
  const [found, setFound] = useState<FieldError[]>([]);
  const problems = fieldMessages(found, create.error, t);

  const submit = () => {
    const body: CampaignCreateInput = { name, publicName, mode, templateModel, defaultLocale, timezone };
    const parsed = CampaignCreateSchema.safeParse(body);
    if (!parsed.success) {
      setFound(errorsFromIssues(parsed.error.issues, body));
      return;
    }
    setFound([]);
    create.mutate(body, {
      onSuccess: (campaign) => {
        notifySuccess('campaigns.create.created');
        void navigate(campaignSettingsPath(campaign.campaignId));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="campaign-create-form"
    >
      <Stack>
        <TextInput
          label={t('campaigns.fields.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problems.messageFor('name')}
          data-testid="campaign-create-name"
        />
        <MultilingualInput
          label={t('campaigns.fields.publicName')}
          value={publicName}
          languages={languages}
          onChange={setPublicName}
          error={problems.messageFor('publicName')}
          testId="campaign-create-public-name"
        />
        <NativeSelect
          label={t('campaigns.fields.mode')}
          value={mode}
          onChange={(e) => setMode(e.currentTarget.value as CampaignMode)}
          data={CAMPAIGN_MODES.map((m) => ({ value: m, label: t(`campaigns.modes.${m}`) }))}
          data-testid="campaign-create-mode"
        />
        <NativeSelect
          label={t('campaigns.fields.template')}
          description={templates.length === 1 ? t('campaigns.create.templatesReserved') : undefined}
          value={templateModel}
          onChange={(e) => setTemplate(e.currentTarget.value as CampaignTemplate)}
          data={templates.map((m) => ({ value: m, label: t(`campaigns.templates.${m}`) }))}
          error={problems.messageFor('templateModel')}
          data-testid="campaign-create-template"
        />
        <NativeSelect
          label={t('campaigns.fields.defaultLocale')}
          value={defaultLocale}
          onChange={(e) => setLocale(e.currentTarget.value as Language)}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`campaigns.languages.${l}`) }))}
          data-testid="campaign-create-locale"
        />
        <TextInput
          label={t('campaigns.fields.timezone')}
          value={timezone}
          onChange={(e) => setTimezone(e.currentTarget.value)}
          error={problems.messageFor('timezone')}
          data-testid="campaign-create-timezone"
        />
        {problems.general.length > 0 && (
          <Alert color="red" role="alert" data-testid="campaign-create-problem">
            {problems.general.join('; ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="campaign-create-submit">
            {t('campaigns.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
