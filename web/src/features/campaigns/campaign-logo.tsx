import { Fieldset, Image, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { LogoPicker } from '../../components/logo-picker';
import { notifySuccess } from '../../components/notify';
import { useRemoveCampaignLogo, useUploadCampaignLogo } from './api/logo';
import { LOGO_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem } from '../../lib/logo-file';

/**
 * The campaign's logo in its settings (spec 02 §3 Campaign `logo`): the logo participants see (the
 * campaign's own, else the sphere's when the switch says so, else none), a button to upload a PNG,
 * JPEG or WebP file of 1 MB at most (checked here first, then by the server), its progress while it
 * is sent, and the removal of its own logo after a confirmation. A logo is saved at once, by its own
 * routes, and leaves the rest of the settings as they are, saved or not; the switch is one of those
 * settings, saved with the form.
 */
export function CampaignLogoField({
  campaign,
  sphere,
  useSphereLogo,
  onUseSphereLogoChange,
}: {
  campaign: Campaign;
  sphere: Sphere;
  /** The switch as the form holds it (saved with the form). */
  useSphereLogo: boolean;
  onUseSphereLogoChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadCampaignLogo(campaign.campaignId);
  const remove = useRemoveCampaignLogo(campaign.campaignId);
  const own = campaign.logo !== undefined ? campaign.logoUrl : undefined;
  const sphereLogo = own === undefined && useSphereLogo ? sphere.logoUrl : undefined;
  const none =
    sphereLogo !== undefined
      ? t('campaigns.logo.showsSphere')
      : useSphereLogo
        ? t('campaigns.logo.sphereHasNone')
        : t('campaigns.logo.showsNone');

  return (
    <Fieldset legend={t('campaigns.logo.label')} data-testid="campaign-logo-field">
      <Stack gap="xs">
        <LogoPicker
          idPrefix="campaign-logo"
          logoUrl={own}
          accept={LOGO_ACCEPT}
          texts={{
            help: t('campaigns.logo.help', { megabytes: LOGO_MAX_MEGABYTES }),
            alt: t('campaigns.logo.alt', { name: campaign.name }),
            none,
            choose: t('campaigns.logo.choose'),
            replace: t('campaigns.logo.replace'),
            remove: t('campaigns.logo.remove'),
            uploading: t('campaigns.logo.uploading'),
            uploadFailed: t('campaigns.logo.uploadFailed'),
            removeTitle: t('campaigns.logo.removeTitle'),
            removeConfirm: t('campaigns.logo.removeConfirm'),
            removeCancel: t('campaigns.logo.removeCancel'),
            removeBody: t('campaigns.logo.removeBody', { name: campaign.name }),
          }}
          fileProblem={logoFileProblem}
          problemText={(problem) => t(`campaigns.logo.${problem}`, { megabytes: LOGO_MAX_MEGABYTES })}
          upload={upload}
          remove={remove}
          onUploaded={() => notifySuccess('campaigns.logo.saved')}
          onRemoved={() => notifySuccess('campaigns.logo.removed')}
        />
        {sphereLogo !== undefined && (
          <Image
            src={sphereLogo}
            alt={t('campaigns.logo.sphereAlt', { name: sphere.name })}
            h={64}
            w="auto"
            maw={256}
            fit="contain"
            data-testid="campaign-sphere-logo"
          />
        )}
        {own !== undefined && (
          <Text size="sm" c="dimmed" data-testid="campaign-logo-own">
            {t('campaigns.logo.ownWins')}
          </Text>
        )}
        <Switch
          label={t('campaigns.fields.useSphereLogo')}
          checked={useSphereLogo}
          onChange={(e) => onUseSphereLogoChange(e.currentTarget.checked)}
          data-testid="campaign-use-sphere-logo"
        />
      </Stack>
    </Fieldset>
  );
}
