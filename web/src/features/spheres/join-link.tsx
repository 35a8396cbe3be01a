import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { LinkWithQr, type LinkWithQrLabels } from '../../components/link-with-qr';
import { errorMessages } from '../../lib/errors';
import { useJoinKey, useRenewJoinKey } from './api/spheres';
import { useRenewSessionJoinKey, useSessionJoinKey } from './api/sessions';
import { sessionJoinPath, sphereJoinPath } from './paths';
import { useQuickAnswerCode } from './api/quick-answers';
import { quickAnswerPath } from '../../lib/routes';

/** The sphere's join link (spec 01 §2 sphere settings). */
export function SphereJoinLink({ sphereId, sphereName }: { sphereId: string; sphereName: string }) {
  const key = useJoinKey(sphereId);
  const renew = useRenewJoinKey(sphereId);
  return (
    <JoinLink
      name={sphereName}
      joinKey={{ value: key.data?.sphereKey, pending: key.isPending, error: key.error }}
      renew={() => renew.mutateAsync()}
      pathFor={(k) => sphereJoinPath(sphereId, k)}
      introKey="spheres.link.intro"
    />
  );
}

/** A session's join link (spec 01 §2 session settings). */
export function SessionJoinLink({ sessionId, sessionName }: { sessionId: string; sessionName: string }) {
  const key = useSessionJoinKey(sessionId);
  const renew = useRenewSessionJoinKey(sessionId);
  return (
    <JoinLink
      name={sessionName}
      joinKey={{ value: key.data, pending: key.isPending, error: key.error }}
      renew={() => renew.mutateAsync()}
      pathFor={(k) => sessionJoinPath(sessionId, k)}
      introKey="groups.link.intro"
    />
  );
}

/**
 * A join link and its QR code: copied, downloaded as a PNG, or replaced by a new one after a
 * confirmation, which ends the old link at once.
 */
function JoinLink({
  name,
  joinKey,
  renew,
  pathFor,
  introKey,
}: {
  name: string;
  joinKey: { value: string | undefined; pending: boolean; error: unknown };
  /** Replaces the key by a new one. */
  renew: () => Promise<unknown>;
  pathFor: (key: string) => string;
  introKey: string;
}) {
  const { t } = useTranslation();
  const renewal = useConfirmedRemoval({
    remove: renew,
    title: t('spheres.link.renewTitle'),
    message: <Text size="sm">{t('spheres.link.renewMessage')}</Text>,
    confirmLabel: t('spheres.link.renewConfirm'),
    cancelLabel: t('spheres.link.keep'),
    success: 'spheres.link.renewed',
    testId: 'join-link-renew',
  });
  const labels = useLinkLabels(t('spheres.link.qrAlt', { name }));
  const link = joinKey.value ? `${window.location.origin}${pathFor(joinKey.value)}` : '';

  if (joinKey.error)
    return (
      <Alert color="red" role="alert">
        {errorMessages(joinKey.error, t)}
      </Alert>
    );
  if (joinKey.pending) return <Skeleton height={300} />;
  return (
    <Stack gap="sm" data-testid="join-link">
      <Text size="sm" c="dimmed">
        {t(introKey)}
      </Text>
      <LinkWithQr link={link} fileName={`${name}-join.png`} labels={labels} testId="join-link" />
      <Group>
        <Button
          variant="default"
          color="red"
          onClick={() => renewal.ask()}
          data-testid="join-link-renew-open"
        >
          {t('spheres.link.renew')}
        </Button>
      </Group>
      {renewal.dialog}
    </Stack>
  );
}

/** The spheres' words around a shared link and its QR code. */
function useLinkLabels(qrAlt: string): LinkWithQrLabels {
  const { t } = useTranslation();
  return {
    link: t('spheres.link.label'),
    copy: t('spheres.link.copy'),
    copied: t('spheres.link.copied'),
    download: t('spheres.link.download'),
    qrAlt,
  };
}

/**
 * The quick-answer link of a sphere or a group (spec 01 §2 good/bad quick-answer page): for a
 * poster or a message, two faces that record a feeling there. It opens nothing by itself: only
 * the place's contributors can answer through it.
 */
export function QuickAnswerLink({
  place,
  name,
}: {
  place: { sphereId: string } | { sessionId: string };
  name: string;
}) {
  const { t } = useTranslation();
  const code = useQuickAnswerCode(place);
  const labels = useLinkLabels(t('spheres.quickLink.qrAlt', { name }));
  return (
    <Stack gap="sm" data-testid="quick-link" component="section" aria-labelledby="quick-link-title">
      <Title order={2} size="h4" id="quick-link-title">
        {t('spheres.quickLink.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('spheres.quickLink.intro')}
      </Text>
      {code.isError ? (
        <Alert color="red" role="alert">
          {errorMessages(code.error, t)}
        </Alert>
      ) : code.isPending ? (
        <Skeleton height={300} />
      ) : (
        <LinkWithQr
          link={`${window.location.origin}${quickAnswerPath(place, code.data.validationCode)}`}
          fileName={`${name}-quick-answer.png`}
          labels={labels}
          testId="quick-link"
        />
      )}
    </Stack>
  );
}
