import { Group, Paper, RingProgress, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParticipationView } from '@shared/contracts/campaigns';

/**
 * The campaign's top bar (spec 02 §2): its name, its logo (or an icon), and, once the participant
 * has started, the completion ring: done steps over all steps, cancelled ones left out (the
 * server's `estimatedCompletionInPercent`), written as text and named for screen readers.
 */
export function TopBar({ view }: { view: ParticipationView }) {
  const { t } = useTranslation();
  const participation = view.participation;
  const percent = Math.max(0, Math.min(100, Math.round(participation?.estimatedCompletionInPercent ?? 0)));
  const showRing = participation !== undefined && participation.status !== 'refused';
  return (
    <Paper withBorder p="sm" mb="md" data-testid="participation-top-bar">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {view.campaign.logoUrl ? (
            <img
              src={view.campaign.logoUrl}
              alt={t('participation.topBar.logo', { name: view.campaign.name })}
              width={40}
              height={40}
              style={{ objectFit: 'contain', flexShrink: 0 }}
            />
          ) : (
            <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
              <span>✉</span>
            </ThemeIcon>
          )}
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('participation.page.title')}
            </Text>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="participation-name">
              {view.campaign.name}
            </Title>
            {participation?.isTest && (
              <Text size="xs" fw={700} c="orange.9" data-testid="participation-test-badge">
                {t('participation.topBar.test')}
              </Text>
            )}
          </div>
        </Group>
        {showRing && (
          <RingProgress
            size={64}
            thickness={7}
            roundCaps
            sections={[{ value: percent, color: 'teal.7' }]}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('participation.topBar.progress', { percent })}
            data-testid="participation-ring"
            label={
              <Text ta="center" size="xs" fw={700} aria-hidden="true" data-testid="participation-ring-text">
                {`${percent}%`}
              </Text>
            }
          />
        )}
      </Group>
    </Paper>
  );
}
