import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { REFUSAL_REASONS, type RefusalReason } from '@shared/domain/campaigns';
import { outboundTarget } from '@shared/domain/safe-url';
import type { ParticipationView } from '@shared/contracts/campaigns';
import { InvalidDestination, LeavingNotice } from '../../components/leaving-notice';
import { Markdown } from '../../components/markdown';
import { formatDateTime } from '../../lib/dates';
import { errorMessages } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { overlaySearch } from '../../lib/overlays';
import { HOME_PATH } from '../../lib/routes';
import { useParticipationAction } from './api/participation';

/** Seconds the thanks page shows before going to the campaign's end address on the product's own host. */
export const REDIRECT_SECONDS = 10;
const COMMENT_MAX = 1000;

function Message({ text, testId }: { text: string; testId: string }) {
  if (text.trim() === '') return null;
  return (
    <Markdown headingLevel={3} data-testid={testId}>
      {text}
    </Markdown>
  );
}

/**
 * The welcome (spec 02 §2): the campaign's first and welcome messages and the cycle's, then
 * Accept, Refuse when the cycle allows it (the reasons and a comment), and Test for an admin while
 * the cycle's test runs.
 */
export function WelcomeScreen({ view, code }: { view: ParticipationView; code: string | undefined }) {
  const { t } = useTranslation();
  const act = useParticipationAction(view.campaign.campaignId, code);
  const [refusing, setRefusing] = useState(false);
  const started = view.participation?.status === 'inProgress';
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="participation-welcome-title">
      <Stack data-testid="participation-welcome">
        <Title order={2} size="h3" id="participation-welcome-title">
          {t('participation.welcome.title')}
        </Title>
        <Message text={view.campaign.firstMessage} testId="participation-first-message" />
        <Message text={view.campaign.welcomeMessage} testId="participation-welcome-message" />
        <Message text={view.cycle?.message ?? ''} testId="participation-cycle-message" />
        {act.isError && (
          <Alert color="red" role="alert" data-testid="participation-action-error">
            {errorMessages(act.error, t)}
          </Alert>
        )}
        {refusing ? (
          <RefusalForm
            sending={act.isPending}
            onCancel={() => setRefusing(false)}
            onSend={(reason, comment) => act.mutate({ action: 'refuse', reason, comment })}
          />
        ) : (
          <Group>
            <Button
              onClick={() => act.mutate({ action: 'accept' })}
              loading={act.isPending && act.variables.action === 'accept' && act.variables.test !== true}
              disabled={act.isPending}
              data-testid="participation-accept"
            >
              {t(started ? 'participation.welcome.continue' : 'participation.welcome.accept')}
            </Button>
            {view.cycle?.allowRefuse && !started && (
              <Button
                variant="default"
                onClick={() => setRefusing(true)}
                disabled={act.isPending}
                data-testid="participation-refuse"
              >
                {t('participation.welcome.refuse')}
              </Button>
            )}
            {view.mayTest && (
              <Button
                variant="subtle"
                c="blue.9"
                onClick={() => act.mutate({ action: 'accept', test: true })}
                disabled={act.isPending}
                data-testid="participation-test"
              >
                {t('participation.welcome.test')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The refusal (spec 02 §3): one of the seven reasons, and a free comment. */
function RefusalForm({
  sending,
  onCancel,
  onSend,
}: {
  sending: boolean;
  onCancel: () => void;
  onSend: (reason: RefusalReason, comment: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<RefusalReason | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      aria-labelledby="participation-refusal-title"
      data-testid="participation-refusal"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setMissing(true);
          return;
        }
        onSend(reason, comment.trim());
      }}
    >
      <Stack>
        <Title order={3} size="h4" id="participation-refusal-title">
          {t('participation.refusal.title')}
        </Title>
        <Radio.Group
          label={t('participation.refusal.reason')}
          value={reason ?? ''}
          onChange={(value) => {
            setReason(value as RefusalReason);
            setMissing(false);
          }}
          error={missing ? t('errors.required') : undefined}
          required
        >
          <Stack gap="xs" mt="xs">
            {REFUSAL_REASONS.map((r) => (
              <Radio
                key={r}
                value={r}
                label={t(`participation.refusal.reasons.${r}`)}
                data-testid={`participation-reason-${r}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('participation.refusal.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={COMMENT_MAX}
          autosize
          minRows={2}
          data-testid="participation-refusal-comment"
        />
        <Group>
          <Button type="submit" color="red" loading={sending} data-testid="participation-refusal-send">
            {t('participation.refusal.send')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {t('participation.refusal.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The thanks (spec 02 §2): the campaign's end message; then its end address, if any. A page of
 * the product opens after a visible countdown or at once with a button; another host is never
 * gone to by itself, only through the leaving notice that names it; an address that breaks the
 * outbound rule (stored before it) is not followed (decision 0027). A guest is invited to create
 * their account.
 */
export function ThanksScreen({
  view,
  focusTitle = false,
}: {
  view: ParticipationView;
  focusTitle?: boolean;
}) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  const me = useMe();
  const location = useLocation();
  const justFinished = view.screen === 'thanks';
  const redirect = justFinished ? view.campaign.endRedirectUrl : undefined;
  // Checked again with the server's rule before anything is offered.
  const target = redirect ? outboundTarget(redirect, window.location.origin) : undefined;
  const isGuest = me.data?.profile.isGuest === true;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="participation-thanks-title">
      <Stack data-testid="participation-thanks">
        <Title order={2} size="h3" id="participation-thanks-title" ref={titleRef} tabIndex={-1}>
          {t(justFinished ? 'participation.thanks.title' : 'participation.screens.already-done.title')}
        </Title>
        {view.campaign.endMessage.trim() !== '' ? (
          <Message text={view.campaign.endMessage} testId="participation-end-message" />
        ) : (
          <Text>
            {t(justFinished ? 'participation.thanks.text' : 'participation.screens.already-done.text')}
          </Text>
        )}
        {isGuest && (
          <Alert
            color="blue"
            title={t('participation.thanks.registerTitle')}
            data-testid="participation-register"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('participation.thanks.registerText')}</Text>
              <Button
                component={RouterLink}
                to={{ pathname: location.pathname, search: overlaySearch(location.search, 'registration') }}
                size="sm"
              >
                {t('participation.thanks.register')}
              </Button>
            </Stack>
          </Alert>
        )}
        {target?.kind === 'in-app' && !isGuest && <Redirect path={target.path} />}
        {target?.kind === 'in-app' && isGuest && (
          <Anchor component={RouterLink} to={target.path} data-testid="participation-redirect-now">
            {t('participation.thanks.continue')}
          </Anchor>
        )}
        {target?.kind === 'leaving' && <Leaving url={target.url} />}
        {target?.kind === 'invalid' && <InvalidDestination />}
      </Stack>
    </Paper>
  );
}

/** Another host: named by the leaving notice, gone to only by its button; staying hides it. */
function Leaving({ url }: { url: URL }) {
  const { t } = useTranslation();
  const [stayed, setStayed] = useState(false);
  if (stayed) return null;
  return (
    <LeavingNotice
      url={url}
      headingOrder={3}
      stay={
        <Button variant="subtle" c="blue.9" onClick={() => setStayed(true)} data-testid="participation-stay">
          {t('leaving.stay')}
        </Button>
      }
    />
  );
}

/** A page of the product: opened in the app after a visible countdown, or at once. */
function Redirect({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (stopped) return;
    if (left <= 0) {
      void navigate(path);
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, stopped, path, navigate]);
  return (
    <Stack gap="xs" align="flex-start">
      {!stopped && (
        <Text size="sm" aria-live="polite" data-testid="participation-countdown">
          {t('participation.thanks.redirect', { count: left })}
        </Text>
      )}
      <Group>
        <Button component={RouterLink} to={path} data-testid="participation-redirect-now">
          {t('participation.thanks.continue')}
        </Button>
        {!stopped && (
          <Button
            variant="subtle"
            c="blue.9"
            onClick={() => setStopped(true)}
            data-testid="participation-stay"
          >
            {t('participation.thanks.stay')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The pages that say why there is nothing to answer (spec 02 §2), from the server's screen. */
export function InfoScreen({ view, focusTitle = false }: { view: ParticipationView; focusTitle?: boolean }) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  const screen = view.screen;
  const start = view.cycle?.start;
  const text =
    screen === 'too-early' && start
      ? t('participation.screens.too-early.textDate', { date: formatDateTime(start) })
      : t(`participation.screens.${screen}.text`);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="participation-info-title">
      <Stack data-testid={`participation-screen-${screen}`}>
        <Title order={2} size="h3" id="participation-info-title" ref={titleRef} tabIndex={-1}>
          {t(`participation.screens.${screen}.title`)}
        </Title>
        <Text>{text}</Text>
        <Group>
          <Button component={RouterLink} to={HOME_PATH} variant="default">
            {t('participation.page.home')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
