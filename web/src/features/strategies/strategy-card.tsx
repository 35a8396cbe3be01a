import { Anchor, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { withoutHidden } from '@shared/domain/strategies';
import { ErrorState } from '../../components/error-state';
import { useAbility } from '../../lib/ability';
import { formatDateTime } from '../../lib/dates';
import { overlaySearch } from '../../lib/overlays';
import type { PlaceSectionProps } from '../../lib/place-extensions';
import { useMyAssessments, type AssessedPlace } from './api/assessments';
import { useStrategies } from './api/strategies';
import { listOf } from './assessment-context';
import { isNotEnabled } from './outline-editor';
import { OutlineView } from './outline-view';
import {
  STRATEGY_ASSESSMENT_OVERLAY,
  STRATEGY_TAB,
  UPDATE_STRATEGY_ASSESSMENT_OVERLAY,
  sessionSettingsPath,
  sphereSettingsPath,
} from './paths';

/**
 * "Our strategy" on a sphere's or a group's page (spec 02 §2): the strategy its members read
 * (hidden items left out), the button that assesses it, and the person's own assessments of it,
 * each opened to change while it may be. Shown to those who may read it, once the sphere has
 * strategies turned on; its editors also get the way to the settings tab.
 */
export default function StrategyCard({ place }: PlaceSectionProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  const sphereId = place.kind === 'sphere' ? place.sphere.id : place.session.sphereId;
  const assessed: AssessedPlace = place.kind === 'sphere' ? { sphereId } : { sessionId: place.session.id };
  const on = place.kind === 'sphere' ? { sphereId } : { sessionId: place.session.id, sphereId };
  const turnedOn = place.kind === 'session' || place.sphere.strategyEnabled;
  // `subject` marks the object it is given with its type: each check gets its own copy.
  const readable = turnedOn && ability.can('get', subject('strategy', { ...on }));
  const canAssess = readable && ability.can('post', subject('strategy-assessment', { ...on }));
  const canEdit = readable && ability.can('put', subject('strategy', { ...on }));
  const strategies = useStrategies(listOf(assessed), readable);
  const mine = useMyAssessments(assessed, canAssess);
  if (!readable || (strategies.isError && isNotEnabled(strategies.error))) return null;

  const open = (overlay: string, extra: Record<string, string>) => {
    const search = new URLSearchParams(overlaySearch(location.search, overlay));
    // The parameters of this card's other overlay do not follow.
    for (const key of ['sphereId', 'sessionId', 'assessmentId']) search.delete(key);
    for (const [key, value] of Object.entries(extra)) search.set(key, value);
    void navigate({ pathname: location.pathname, search: `?${search.toString()}` });
  };
  const items = strategies.data ? withoutHidden(strategies.data.items) : [];
  const settings =
    place.kind === 'sphere'
      ? sphereSettingsPath(sphereId, STRATEGY_TAB)
      : sessionSettingsPath(place.session.id, STRATEGY_TAB);

  let body;
  if (strategies.isPending) body = <Skeleton height={80} />;
  else if (strategies.isError)
    body = (
      <ErrorState
        title={t('strategies.outline.loadError')}
        error={strategies.error}
        onRetry={() => void strategies.refetch()}
        testId="strategy-card-error"
      />
    );
  else if (items.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="strategy-card-empty">
        {t('strategies.card.empty')}
      </Text>
    );
  else body = <OutlineView items={items} testId="strategy-read" />;

  return (
    <Card withBorder component="section" aria-labelledby="strategy-card-title" data-testid="strategy-card">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} size="h4" id="strategy-card-title">
          {t('strategies.card.title')}
        </Title>
        {canEdit && (
          <Anchor component={Link} to={settings} size="sm" data-testid="strategy-card-edit">
            {t('strategies.card.edit')}
          </Anchor>
        )}
      </Group>
      <Stack gap="md">
        {body}
        {canAssess && items.length > 0 && (
          <Group>
            <Button
              onClick={() => open(STRATEGY_ASSESSMENT_OVERLAY, { ...assessed })}
              data-testid="strategy-assess"
            >
              {t('strategies.card.assess')}
            </Button>
          </Group>
        )}
        {canAssess && mine.data && mine.data.items.length > 0 && (
          <Stack gap={4} data-testid="strategy-my-assessments">
            <Title order={3} size="h5">
              {t('strategies.card.mine')}
            </Title>
            <List spacing={4} listStyleType="none">
              {mine.data.items.map((assessment) => (
                <List.Item key={assessment.id} data-testid={`strategy-my-assessment-${assessment.id}`}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm">
                      {t('strategies.card.mineLine', {
                        date: formatDateTime(new Date(assessment.creationDate)),
                        count: Object.keys(assessment.values).length,
                      })}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={t(
                        assessment.editable ? 'strategies.card.changeLabel' : 'strategies.card.viewLabel',
                        {
                          date: formatDateTime(new Date(assessment.creationDate)),
                        },
                      )}
                      onClick={() =>
                        open(UPDATE_STRATEGY_ASSESSMENT_OVERLAY, { assessmentId: assessment.id })
                      }
                      data-testid={`strategy-open-assessment-${assessment.id}`}
                    >
                      {t(assessment.editable ? 'strategies.card.change' : 'strategies.card.view')}
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
            {mine.data.count > mine.data.items.length && (
              <Text size="xs" c="dimmed">
                {t('strategies.card.moreMine', { count: mine.data.count - mine.data.items.length })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
