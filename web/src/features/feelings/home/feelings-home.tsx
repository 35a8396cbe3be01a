import { Anchor, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { overlaySearch } from '../../../lib/overlays';
import { useEmotionWords, useFeelingList, useMyselfReport } from '../api/feelings';
import { QuadrantBadge } from '../quadrant-badge';
import { YearCalendar, mostFrequent } from './year-calendar';

const DAY = 'YYYY-MM-DD';

function useOpenOverlay() {
  const navigate = useNavigate();
  const location = useLocation();
  return (overlay: string, extra = '') =>
    void navigate({
      pathname: location.pathname,
      search: `${overlaySearch(location.search, overlay)}${extra}`,
    });
}

/** The last twelve months as a calendar of dominant quadrants, with its summary in words. */
function YearSection() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const today = dayjs();
  const first = today.subtract(11, 'month').startOf('month');
  const months = Array.from({ length: 12 }, (_, i) => first.add(i, 'month').format('YYYY-MM'));
  const report = useMyselfReport({ start: first.format(DAY), end: today.format(DAY), interval: 'month' });
  let body;
  if (report.isPending) body = <Skeleton height={200} />;
  else if (report.isError)
    body = (
      <ErrorState
        title={t('feelingsHome.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        testId="year-error"
      />
    );
  else {
    const top = mostFrequent(report.data.calendar);
    const summary = top
      ? t('feelingsHome.year.summary', {
          count: report.data.count,
          days: report.data.activeDays,
          quadrant: QUADRANTS[top.color].label[language],
          topDays: top.days,
        })
      : t('feelingsHome.year.empty');
    body = (
      <Stack gap="xs">
        <Text size="sm" data-testid="year-summary">
          {summary}
        </Text>
        <YearCalendar calendar={report.data.calendar} months={months} language={language} summary={summary} />
      </Stack>
    );
  }
  return (
    <Card withBorder component="section" aria-labelledby="home-year-title" data-testid="home-year">
      <Title order={2} size="h4" mb="xs" id="home-year-title">
        {t('feelingsHome.year.title')}
      </Title>
      {body}
    </Card>
  );
}

/** The last seven days: how many feelings, in which quadrants, the word used most. */
function WeekSection() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const words = useEmotionWords();
  const report = useMyselfReport({
    start: dayjs().subtract(6, 'day').format(DAY),
    end: dayjs().format(DAY),
    interval: 'day',
  });
  const topWord = report.data?.topWords[0];
  const wordLabel = topWord
    ? words.data?.items.find((w) => w.id === topWord.wordId)?.label[language]
    : undefined;
  return (
    <Card withBorder component="section" aria-labelledby="home-week-title" data-testid="home-week">
      <Title order={2} size="h4" mb="xs" id="home-week-title">
        {t('feelingsHome.week.title')}
      </Title>
      {report.isPending && <Skeleton height={60} />}
      {report.isError && (
        <ErrorState
          title={t('feelingsHome.loadError')}
          error={report.error}
          onRetry={() => void report.refetch()}
          testId="week-error"
        />
      )}
      {report.isSuccess &&
        (report.data.count === 0 ? (
          <Text c="dimmed">{t('feelingsHome.week.empty')}</Text>
        ) : (
          <Stack gap={6}>
            <Text data-testid="week-count">
              {t('feelingsHome.week.count', { count: report.data.count, days: report.data.activeDays })}
            </Text>
            <Group gap="xs">
              {FEELING_COLORS.filter((c) => report.data.colors[c] > 0).map((c) => (
                <QuadrantBadge key={c} color={c} suffix={String(report.data.colors[c])} />
              ))}
            </Group>
            {wordLabel && (
              <Text size="sm">
                {t('feelingsHome.week.topWord', { word: wordLabel, count: topWord?.count })}
              </Text>
            )}
          </Stack>
        ))}
    </Card>
  );
}

/** Feelings of the last 24 hours, each leading to its details. */
function RecentSection() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const location = useLocation();
  const open = useOpenOverlay();
  const words = useEmotionWords();
  const since = dayjs().subtract(24, 'hour').startOf('minute').toISOString();
  const recent = useFeelingList({ start: since }, { max: 20, offset: 0 });
  return (
    <Card withBorder component="section" aria-labelledby="home-recent-title" data-testid="home-recent">
      <Title order={2} size="h4" mb="xs" id="home-recent-title">
        {t('feelingsHome.recent.title')}
      </Title>
      {recent.isPending && <Skeleton height={60} />}
      {recent.isError && (
        <ErrorState
          title={t('feelingsHome.loadError')}
          error={recent.error}
          onRetry={() => void recent.refetch()}
          testId="recent-error"
        />
      )}
      {recent.isSuccess &&
        (recent.data.items.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed">{t('feelingsHome.recent.empty')}</Text>
            <Button size="xs" onClick={() => open('feeling')} data-testid="recent-record">
              {t('shell.feeling')}
            </Button>
          </Stack>
        ) : (
          <List spacing={6} listStyleType="none" data-testid="recent-list">
            {recent.data.items.map((feeling) => (
              <List.Item key={feeling.id}>
                <Group gap="xs" wrap="wrap">
                  <Anchor
                    component={Link}
                    to={`${location.pathname}${overlaySearch(location.search, 'update-feeling')}&feelingId=${encodeURIComponent(feeling.id)}`}
                    size="sm"
                  >
                    {formatDateTime(new Date(feeling.timestamp))}
                  </Anchor>
                  <QuadrantBadge color={feeling.color} />
                  {feeling.wordId && (
                    <Text size="sm">
                      {words.data?.items.find((w) => w.id === feeling.wordId)?.label[language]}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        ))}
    </Card>
  );
}

/** The feelings part of home (spec 01 §2): recent feelings, the last seven days, the year. */
export default function FeelingsHome() {
  return (
    <Stack>
      <RecentSection />
      <WeekSection />
      <YearSection />
    </Stack>
  );
}
