import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../lib/ability';
import { useMe } from '../../lib/me';
import type { PlaceSectionProps } from '../../lib/place-extensions';
import { customReportsPath, sessionReportPath, sphereReportPath } from './paths';
import { beyondStarter } from './access';
import { showsCustomReports } from '@shared/domain/group-licences';

/**
 * On a sphere's page, for those who may read its reports (smartReport, its admins; spec 01 §6 menu
 * rules), and on a group's page, for its members (report; spec 02 §6 group-report exception: not
 * its referents nor the sphere's admins unless they are members): the way to its feelings report,
 * and to its custom reports (decision 0037 for a group's) unless the reader's subscription, or the
 * group's, is starter. A member who gave themselves the role through their own admin or referent
 * right reads no report (decision 0012): the card says so and why. Nothing for anyone else.
 */
export default function ReportsCard({ place }: PlaceSectionProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const me = useMe();
  let link: { to: string; body: string };
  // The custom reports, for the same readers unless their subscription is starter.
  let custom: string | null = null;
  if (place.kind === 'sphere') {
    const sphereId = place.sphere.id;
    if (!ability.can('smartReport', subject('sphere', { sphereId }))) return null;
    link = { to: sphereReportPath(sphereId), body: t('reports.card.body') };
    if (beyondStarter(me.data)) custom = customReportsPath({ sphereId });
  } else {
    const { id: sessionId, sphereId } = place.session;
    if (!ability.can('report', subject('session', { sessionId, sphereId })))
      return place.session.selfGranted ? <SelfGrantedNotice /> : null;
    link = { to: sessionReportPath(sessionId), body: t('reports.card.bodyGroup') };
    // A group's custom reports: its members' (`report` on its reports), never a starter's, and only
    // in a group with the Essentials subscription (spec 02 §2: hidden for a starter session).
    if (
      showsCustomReports(place.session) &&
      beyondStarter(me.data) &&
      ability.can('report', subject('report', { sessionId, sphereId }))
    )
      custom = customReportsPath({ sphereId, sessionId });
  }
  return (
    <Card withBorder component="section" aria-labelledby="reports-card-title" data-testid="reports-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="reports-card-title">
          {t('reports.card.title')}
        </Title>
        <Text size="sm">{link.body}</Text>
        <Anchor component={Link} to={link.to} data-testid="reports-card-link">
          {t('reports.card.open')}
        </Anchor>
        {custom && (
          <Anchor component={Link} to={custom} data-testid="reports-card-custom-link">
            {t('reports.card.openCustom')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/** Why a member who added themselves finds no report here (decision 0012). */
function SelfGrantedNotice() {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="reports-card-title" data-testid="reports-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="reports-card-title">
          {t('reports.card.title')}
        </Title>
        <Alert color="gray" data-testid="reports-card-self-granted">
          {t('reports.card.selfGranted')}
        </Alert>
      </Stack>
    </Card>
  );
}
