// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '@shared/domain/myself-report';
import { renderPage } from '../../../test/render';
import { YearCalendar, monthRows, mostFrequent } from './year-calendar';

const calendar: CalendarDay[] = [
  { day: '2026-10-02', count: 3, dominant: 'yellow' },
  { day: '2026-10-03', count: 1, dominant: 'blue' },
  { day: '2026-11-01', count: 2, dominant: 'yellow' },
];

describe('the year calendar', () => {
  it('counts days and feelings per month and per dominant quadrant', () => {
    expect(monthRows(calendar, ['2026-10', '2026-11', '2026-12'])).toEqual([
      { month: '2026-10', days: 2, feelings: 4, byColor: { yellow: 1, green: 0, red: 0, blue: 1 } },
      { month: '2026-11', days: 1, feelings: 2, byColor: { yellow: 1, green: 0, red: 0, blue: 0 } },
      { month: '2026-12', days: 0, feelings: 0, byColor: { yellow: 0, green: 0, red: 0, blue: 0 } },
    ]);
    expect(mostFrequent(calendar)).toEqual({ color: 'yellow', days: 2 });
    expect(mostFrequent([])).toBeNull();
  });

  it('is one image named by its summary, with the figures in a table and a legend in words', () => {
    renderPage(
      <YearCalendar
        calendar={calendar}
        months={['2026-10', '2026-11']}
        language="en"
        summary="Most days were pleasant."
      />,
    );
    expect(screen.getByRole('img', { name: 'Most days were pleasant.' })).toBeTruthy();
    const table = screen.getByTestId('year-table');
    expect(table.textContent).toContain('October 2026');
    expect(table.textContent).toContain('▲ Pleasant, high energy');
  });
});
