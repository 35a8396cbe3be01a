import type { ReactNode } from 'react';
import { Alert, Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../i18n';
import { useAbility } from '../../../lib/ability';
import { ApiError } from '../../../lib/errors';
import { useMe } from '../../../lib/me';
import { useReportSession, useReportSphere } from '../api/reports';
import { sessionPagePath, spherePagePath } from '../paths';
import { FeelingsReport } from './report-view';

/** A read the reader may not make, or of something that is not there: the same answer for both. */
const refused = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/**
 * The feelings report pages (spec 02 §2 `/apps/spheres/{sphereId}/reports` and
 * `/apps/sessions/{sessionId}/reports`): a sphere's, for its admins (smartReport), and a group's,
 * for its members alone (report; §6 group-report exception: the group's referents and the sphere's
 * admins who are not members do not see it). Both show the same report, filters and files.
 */
export default function FeelingsReportPage() {
  const { sphereId, sessionId } = useParams();
  if (sessionId !== undefined) return <SessionReportPage sessionId={sessionId} />;
  return <SphereReportPage sphereId={sphereId ?? ''} />;
}

/** The page around a report: its title, the way back to what it covers, then the report. */
function ReportFrame({
  title,
  back,
  testId,
  children,
}: {
  title: string;
  back: { to: string; name: string } | null;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="lg">
      <Stack data-testid={testId}>
        <Title order={1}>{title}</Title>
        {back && (
          <Text size="sm">
            <Anchor component={Link} to={back.to}>
              {t('reports.page.back', { name: back.name })}
            </Anchor>
          </Text>
        )}
        {children}
      </Stack>
    </Container>
  );
}

function NotAllowed({ testId, selfGranted = false }: { testId: string; selfGranted?: boolean }) {
  const { t } = useTranslation();
  // A member who gave themselves the role through their own right is told why (decision 0012).
  return (
    <Alert color="gray" data-testid={selfGranted ? `${testId}-self-granted` : testId}>
      {t(selfGranted ? 'reports.card.selfGranted' : 'reports.page.notAllowed')}
    </Alert>
  );
}

function SphereReportPage({ sphereId }: { sphereId: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const ability = useAbility();
  const sphere = useReportSphere(sphereId);
  // `subject` marks the object it is given with its type: each check gets its own copy.
  const allowed = ability.can('smartReport', subject('sphere', { sphereId }));

  let body;
  if (me.isPending || sphere.isPending) body = <Skeleton height={160} data-testid="sphere-report-loading" />;
  else if ((me.isSuccess && !allowed) || refused(sphere.error))
    body = <NotAllowed testId="sphere-report-not-allowed" />;
  else if (sphere.isError)
    body = (
      <ErrorState
        title={t('reports.page.sphereError')}
        error={sphere.error}
        onRetry={() => void sphere.refetch()}
        testId="sphere-report-sphere-error"
      />
    );
  else
    body = (
      <FeelingsReport
        target={{
          kind: 'sphere',
          id: sphere.data.id,
          sphereId: sphere.data.id,
          name: sphere.data.name,
          primary: sphere.data.languages.primary,
          studyProgramme: sphere.data.isStudyProgram,
        }}
      />
    );

  return (
    <ReportFrame
      title={sphere.data ? t('reports.page.title', { name: sphere.data.name }) : t('reports.page.titleAlone')}
      back={sphere.data ? { to: spherePagePath(sphere.data.id), name: sphere.data.name } : null}
      testId="sphere-report-page"
    >
      {body}
    </ReportFrame>
  );
}

function SessionReportPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const ability = useAbility();
  const session = useReportSession(sessionId);
  const s = session.data;
  // The rule that keeps the report from the sphere's admins names the sphere: both ids are given.
  const allowed =
    s !== undefined && ability.can('report', subject('session', { sessionId: s.id, sphereId: s.sphereId }));
  const canReadTags = s !== undefined && ability.can('get', subject('sphere-tag', { sphereId: s.sphereId }));
  // Only for the language the sphere's tags are named in, when the reader may narrow by them.
  const sphere = useReportSphere(s?.sphereId ?? '', allowed && canReadTags);
  // The name the reader may see (spec 01 §6): the server gives it so.
  const name = s ? textIn(s.name, currentLanguage()) : '';

  let body;
  if (me.isPending || session.isPending)
    body = <Skeleton height={160} data-testid="session-report-loading" />;
  else if ((me.isSuccess && !allowed) || refused(session.error))
    body = <NotAllowed testId="session-report-not-allowed" selfGranted={s?.selfGranted === true} />;
  else if (session.isError)
    body = (
      <ErrorState
        title={t('reports.page.sessionError')}
        error={session.error}
        onRetry={() => void session.refetch()}
        testId="session-report-session-error"
      />
    );
  else
    body = (
      <FeelingsReport
        target={{
          kind: 'session',
          id: session.data.id,
          sphereId: session.data.sphereId,
          name,
          primary: sphere.data?.languages.primary,
        }}
      />
    );

  return (
    <ReportFrame
      title={s ? t('reports.page.title', { name }) : t('reports.page.titleGroup')}
      back={s ? { to: sessionPagePath(s.id), name } : null}
      testId="session-report-page"
    >
      {body}
    </ReportFrame>
  );
}
