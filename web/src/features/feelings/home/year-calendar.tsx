import { Group, SimpleGrid, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import { FEELING_COLORS, QUADRANTS, type FeelingColor } from '@shared/domain/feelings';
import type { CalendarDay } from '@shared/domain/myself-report';
import { quadrantSwatch, quadrantSymbol } from '../../../lib/quadrants';

const CELL = 13;

/** Days recorded per month and per dominant quadrant: the table alternative of the calendar. */
export function monthRows(calendar: readonly CalendarDay[], months: readonly string[]) {
  return months.map((month) => {
    const days = calendar.filter((d) => d.day.startsWith(month));
    const byColor = Object.fromEntries(
      FEELING_COLORS.map((c) => [c, days.filter((d) => d.dominant === c).length]),
    ) as Record<FeelingColor, number>;
    return { month, days: days.length, feelings: days.reduce((n, d) => n + d.count, 0), byColor };
  });
}

/** The quadrant most days fell in, and how many days. */
export function mostFrequent(calendar: readonly CalendarDay[]): { color: FeelingColor; days: number } | null {
  if (calendar.length === 0) return null;
  const counts = FEELING_COLORS.map((c) => ({
    color: c,
    days: calendar.filter((d) => d.dominant === c).length,
  }));
  return counts.sort((a, b) => b.days - a.days)[0] ?? null;
}

function Month({
  month,
  byDay,
  language,
}: {
  month: string;
  byDay: Map<string, CalendarDay>;
  language: Language;
}) {
  const first = dayjs(`${month}-01`);
  const offset = (first.day() + 6) % 7; // weeks start on Monday
  const cells: (string | null)[] = [
    ...Array.from({ length: offset }, () => null),
    ...Array.from({ length: first.daysInMonth() }, (_, i) => first.add(i, 'day').format('YYYY-MM-DD')),
  ];
  return (
    <div>
      <Text size="xs" fw={600} mb={2}>
        {first.locale(language).format('MMM YYYY')}
      </Text>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(7, ${CELL}px)`, gap: 2 }}>
        {cells.map((day, index) => {
          const entry = day ? byDay.get(day) : undefined;
          return (
            <span
              key={day ?? `blank-${index}`}
              style={{
                width: CELL,
                height: CELL,
                borderRadius: 2,
                ...(entry
                  ? quadrantSwatch(entry.dominant)
                  : { background: day ? 'var(--mantine-color-gray-1)' : 'transparent' }),
                border: day && !entry ? '1px solid var(--mantine-color-gray-3)' : undefined,
              }}
            />
          );
        })}
      </div>
    </div>
  );
}

/**
 * A calendar of the months given, each day filled with the pattern and colour of its dominant
 * quadrant. The drawing is one image whose name is the written summary; the table below it gives
 * the same figures for screen readers and for anyone who prefers numbers.
 */
export function YearCalendar({
  calendar,
  months,
  language,
  summary,
}: {
  calendar: readonly CalendarDay[];
  months: readonly string[];
  language: Language;
  summary: string;
}) {
  const { t } = useTranslation();
  const byDay = new Map(calendar.map((d) => [d.day, d]));
  return (
    <div data-testid="year-calendar">
      <div role="img" aria-label={summary}>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" aria-hidden="true">
          {months.map((month) => (
            <Month key={month} month={month} byDay={byDay} language={language} />
          ))}
        </SimpleGrid>
      </div>
      <Group gap="sm" mt="xs" aria-hidden="true">
        {FEELING_COLORS.map((color) => (
          <Group key={color} gap={4} wrap="nowrap">
            <span
              style={{
                ...quadrantSwatch(color),
                width: CELL,
                height: CELL,
                borderRadius: 2,
                display: 'inline-block',
              }}
            />
            <Text size="xs">{`${quadrantSymbol(color)} ${QUADRANTS[color].label[language]}`}</Text>
          </Group>
        ))}
      </Group>
      <details style={{ marginTop: 8 }}>
        <summary>
          <Text component="span" size="sm">
            {t('feelingsHome.year.table')}
          </Text>
        </summary>
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="year-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feelingsHome.year.month')}</Table.Th>
                <Table.Th>{t('feelingsHome.year.days')}</Table.Th>
                {FEELING_COLORS.map((c) => (
                  <Table.Th key={c}>{`${quadrantSymbol(c)} ${QUADRANTS[c].label[language]}`}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {monthRows(calendar, months).map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Td>{dayjs(`${row.month}-01`).locale(language).format('MMMM YYYY')}</Table.Td>
                  <Table.Td>{row.days}</Table.Td>
                  {FEELING_COLORS.map((c) => (
                    <Table.Td key={c}>{row.byColor[c]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </div>
  );
}
