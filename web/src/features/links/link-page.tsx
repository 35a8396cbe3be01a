import { useEffect } from 'react';
import { subject } from '@casl/ability';
import { Badge, Button, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { InvalidDestination, LeavingNotice } from '../../components/leaving-notice';
import { closeButtonProps, TOAST_DURATION_MS } from '../../components/notify';
import type { Link } from '@shared/contracts/links';
import { outboundTarget } from '@shared/domain/safe-url';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { useIsSignedIn, type ReturnState } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { overlayOpensFor } from '../../lib/overlays';
import { GUEST_PATH, HOME_PATH, LOGIN_PATH, participationPath } from '../../lib/routes';
import { useLink, useLinkCampaign, useSphereTags } from './api/links';
import { tagChoices } from './tag-choices';
import { linkPath } from './paths';
import { runSearch, STARTED_PARAM } from './run-plan';

/** The key of the message an unopenable link shows: expired, or not (or no longer) a link. */
export function failureKey(error: unknown): 'errors.link-expired' | 'errors.invalid-link' {
  return error instanceof ApiError && error.keys.includes('link-expired')
    ? 'errors.link-expired'
    : 'errors.invalid-link';
}

/**
 * The link page (`/l/{linkId}`, spec 01 §2, spec 02 §2): what opening a shared link lands on. A
 * visitor without a session chooses to continue as a guest or to sign in, and comes back here; then
 * the link's welcome, its steps run one after the other as the overlays of their features, and its
 * end message and the address it sends to: a page of the product opens in the app, another host
 * only through the leaving notice, and an address that breaks the outbound rule is never followed
 * (decision 0027). An expired or unknown link says so and goes home.
 */
export default function LinkPage() {
  const { t } = useTranslation();
  const linkId = useParams().linkId ?? '';
  const signedIn = useIsSignedIn();
  if (signedIn.isPending) return <FullPageLoader />;
  if (!signedIn.data) {
    const state: ReturnState = { from: linkPath(linkId) };
    return (
      <Container size="xs" py="xl">
        <Paper withBorder p="lg" data-testid="link-sign-in">
          <Stack>
            <Title order={1} size="h3">
              {t('links.page.welcome')}
            </Title>
            <Text>{t('links.page.signInFirst')}</Text>
            <Group>
              <Button component={RouterLink} to={GUEST_PATH} state={state} data-testid="link-as-guest">
                {t('links.page.asGuest')}
              </Button>
              <Button
                component={RouterLink}
                to={LOGIN_PATH}
                state={state}
                variant="default"
                data-testid="link-sign-in-button"
              >
                {t('links.page.signIn')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Container>
    );
  }
  return <OpenedLink linkId={linkId} />;
}

/**
 * The tags a link gives, for its admins who may read the sphere's tags (others are never sent
 * them); nothing when it has none.
 */
function LinkTags({ link }: { link: Link }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const held = link.specificTagIds ?? [];
  const allowed = held.length > 0 && ability.can('get', subject('sphere-tag', { sphereId: link.sphereId }));
  const tags = useSphereTags(link.sphereId, allowed);
  if (!allowed || !tags.isSuccess) return null;
  const names = tagChoices(tags.data.items, held, currentLanguage()).filter((c) => held.includes(c.value));
  return (
    <Group gap="xs" data-testid="link-tags">
      <Text size="sm" c="dimmed" id="link-tags-label">
        {t('links.page.tags')}
      </Text>
      <Group gap={4} role="list" aria-labelledby="link-tags-label">
        {names.map((tag) => (
          <Badge key={tag.value} variant="light" color="gray" c="dark.7" role="listitem">
            {tag.label}
          </Badge>
        ))}
      </Group>
    </Group>
  );
}

function OpenedLink({ linkId }: { linkId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const link = useLink(linkId);
  // A campaign's link opens the campaign's participation, with the code that proves where it came from.
  const campaign = useLinkCampaign(linkId, link.data?.category === 'campaign');
  const me = useMe();
  const isGuest = me.data?.profile.isGuest ?? false;
  const started = search.get(STARTED_PARAM) === '1';
  const running = search.has('show');
  const ended = started && !running;
  const redirectUrl = link.data?.redirectUrl;
  // Checked again with the server's rule: an address stored before it is not followed.
  const target = redirectUrl ? outboundTarget(redirectUrl, window.location.origin) : undefined;
  const inAppPath = target?.kind === 'in-app' ? target.path : undefined;

  useEffect(() => {
    const failed = link.isError ? link.error : campaign.isError ? campaign.error : null;
    if (failed)
      notifications.show({
        color: 'red',
        message: t(failureKey(failed)),
        autoClose: TOAST_DURATION_MS,
        closeButtonProps: closeButtonProps(),
      });
  }, [link.isError, link.error, campaign.isError, campaign.error, t]);

  useEffect(() => {
    // At the end, a link that sends to a page of the product opens it (after its end message, if
    // any, was read). Another host is never gone to by itself: the leaving notice offers it.
    if (ended && inAppPath !== undefined && !link.data?.endMessageForUser)
      void navigate(inAppPath, { replace: true });
  }, [ended, inAppPath, link.data?.endMessageForUser, navigate]);

  if (link.isError || campaign.isError) return <Navigate to={HOME_PATH} replace />;
  if (campaign.data)
    return (
      <Navigate to={participationPath(campaign.data.campaignId, campaign.data.validationCode)} replace />
    );
  if (link.isPending || me.isPending || (link.data.category === 'campaign' && campaign.isPending))
    return <FullPageLoader />;

  const start = () =>
    void navigate({ search: `?${runSearch(link.data, (o) => overlayOpensFor(o, isGuest)).toString()}` });

  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid="link-page">
        <Stack>
          {link.data.logoUrl && (
            <Image
              src={link.data.logoUrl}
              alt={t('links.page.logoAlt', { name: link.data.name })}
              h={80}
              w="auto"
              maw={256}
              fit="contain"
              data-testid="link-page-logo"
            />
          )}
          <Title order={1} size="h3">
            {link.data.name}
          </Title>
          <LinkTags link={link.data} />
          {ended ? (
            <>
              <Text data-testid="link-end-message">
                {link.data.endMessageForUser || t('links.page.thanks')}
              </Text>
              {target?.kind === 'leaving' ? (
                <LeavingNotice
                  url={target.url}
                  focusHeading
                  stay={
                    <Button component={RouterLink} to={HOME_PATH} variant="default" data-testid="link-home">
                      {t('leaving.stay')}
                    </Button>
                  }
                />
              ) : (
                <>
                  {target?.kind === 'invalid' && <InvalidDestination />}
                  <Group>
                    {target?.kind === 'in-app' ? (
                      <Button component={RouterLink} to={target.path} data-testid="link-continue">
                        {t('links.page.continue')}
                      </Button>
                    ) : (
                      <Button component={RouterLink} to={HOME_PATH} data-testid="link-home">
                        {t('links.page.home')}
                      </Button>
                    )}
                  </Group>
                </>
              )}
            </>
          ) : (
            <>
              {link.data.messageForUser && <Text data-testid="link-message">{link.data.messageForUser}</Text>}
              <Group>
                <Button onClick={start} data-testid="link-start">
                  {t('links.page.start')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
