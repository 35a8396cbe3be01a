import { useEffect, useRef } from 'react';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { FullPageLoader } from '../../components/full-page-loader';
import { closeButtonProps, TOAST_DURATION_MS } from '../../components/notify';
import { useIsSignedIn, type ReturnState } from '../../lib/auth';
import { GUEST_PATH, HOME_PATH, LOGIN_PATH, SCAN_PATH, participationPath } from '../../lib/routes';
import { useParticipation } from './api/participation';
import { CampaignScreen } from './campaign-screen';
import { loadFailure } from './rules';
import { DelegationEntry } from './delegation-entry';

/**
 * The participant page of a campaign (`/apps/participation/{campaignId}?code=…`, spec 02 §2 "Mon
 * avis compte"): what an invitation link opens. A visitor without a session signs in or continues
 * as a guest, and comes back here; then the campaign's screen. A campaign the caller may not open
 * shows "Campaign Forbidden"; a link that is not valid says so and offers the ways to a campaign.
 */
export default function ParticipationPage() {
  const campaignId = useParams().campaignId ?? '';
  const [search] = useSearchParams();
  const code = search.get('code')?.trim() || undefined;
  const signedIn = useIsSignedIn();
  if (signedIn.isPending) return <FullPageLoader />;
  if (!signedIn.data)
    return <SignInFirst campaignId={campaignId} from={participationPath(campaignId, code)} />;
  return <Participation campaignId={campaignId} code={code} />;
}

function SignInFirst({ campaignId, from }: { campaignId: string; from: string }) {
  const { t } = useTranslation();
  const state: ReturnState = { from };
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" data-testid="participation-sign-in">
        <Stack>
          <Title order={1} size="h3">
            {t('participation.signIn.title')}
          </Title>
          <Text>{t('participation.signIn.intro')}</Text>
          <DelegationEntry campaignId={campaignId} />
          <Group>
            <Button
              component={RouterLink}
              to={LOGIN_PATH}
              state={state}
              data-testid="participation-sign-in-button"
            >
              {t('participation.signIn.signIn')}
            </Button>
            <Button
              component={RouterLink}
              to={GUEST_PATH}
              state={state}
              variant="default"
              data-testid="participation-as-guest"
            >
              {t('participation.signIn.asGuest')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('participation.signIn.guestHint')}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}

function Participation({ campaignId, code }: { campaignId: string; code: string | undefined }) {
  const { t } = useTranslation();
  const view = useParticipation(campaignId, code);
  const failure = view.isError ? loadFailure(view.error) : null;
  const toasted = useRef(false);

  useEffect(() => {
    if (failure !== 'invalid-link' || toasted.current) return;
    toasted.current = true;
    notifications.show({
      color: 'red',
      message: t('errors.invalid-link'),
      autoClose: TOAST_DURATION_MS,
      closeButtonProps: closeButtonProps(),
      'data-testid': 'participation-invalid-toast',
    });
  }, [failure, t]);

  if (view.isPending) return <FullPageLoader />;
  if (failure === 'forbidden') return <Forbidden />;
  if (failure === 'invalid-link') return <InvalidLink />;
  if (view.isError)
    return (
      <Container size="sm" py="xl">
        <ErrorState
          title={t('participation.page.loadError')}
          error={view.error}
          onRetry={() => void view.refetch()}
          testId="participation-load-error"
        />
      </Container>
    );
  return <CampaignScreen view={view.data} code={code} />;
}

/** "Campaign Forbidden" (spec 02 §8): the campaign does not exist or is not the caller's to open. */
function Forbidden() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" data-testid="participation-forbidden">
        <Stack>
          <Title order={1} size="h3">
            {t('participation.forbidden.title')}
          </Title>
          <Text>{t('participation.forbidden.text')}</Text>
          <Group>
            <Button component={RouterLink} to={HOME_PATH}>
              {t('participation.forbidden.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * An invalid campaign link (spec 02 §8): after the toast, the campaign selection screen. The
 * campaigns of the caller's spheres cannot be listed without rights, so it offers the ways to one:
 * home, and the scan page (a QR code or a code typed in).
 */
function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" data-testid="participation-invalid-link">
        <Stack>
          <Title order={1} size="h3">
            {t('participation.invalid.title')}
          </Title>
          <Text>{t('participation.invalid.text')}</Text>
          <Group>
            <Button component={RouterLink} to={SCAN_PATH} data-testid="participation-scan">
              {t('participation.invalid.scan')}
            </Button>
            <Button component={RouterLink} to={HOME_PATH} variant="default">
              {t('participation.invalid.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
