import type { ReportedStrategy, StrategyReport } from '@shared/contracts/strategy-reports';

/**
 * A sphere's strategy as a report reads it: a vision without a title, a strategic axis, a goal
 * under it hidden from members, an action under that goal too few people assessed, and a custom
 * item nobody assessed in the period (listed out of order, as the outline's order is `order`).
 */
export const TEST_STRATEGIES: ReportedStrategy[] = [
  {
    id: 'goal-1',
    type: 'goal',
    title: 'Shorter meetings',
    description: 'At most thirty minutes.',
    order: 2,
    indent: 1,
    isHidden: true,
  },
  {
    id: 'vision-1',
    type: 'vision',
    title: '',
    description: 'A calm and caring workplace.',
    order: 0,
    indent: 0,
    isHidden: false,
  },
  {
    id: 'axis-1',
    type: 'strategicAxis',
    title: 'Time to focus',
    description: 'Fewer interruptions.',
    order: 1,
    indent: 0,
    isHidden: false,
  },
  {
    id: 'action-1',
    type: 'action',
    title: 'No meeting on Wednesday mornings',
    description: 'Kept free for deep work.',
    order: 3,
    indent: 2,
    isHidden: false,
  },
  {
    id: 'custom-1',
    type: 'custom',
    title: 'Team breakfast',
    description: 'Once a month.',
    order: 4,
    indent: 0,
    isHidden: false,
  },
];

/** Ten people over two weeks, the second week hidden: the vision, the axis and the goal are shown. */
export function testStrategyReport(extra: Partial<StrategyReport> = {}): StrategyReport {
  return {
    sphereId: 'sphere-1',
    linkTo: 'sphere',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: [],
    start: '2026-03-01',
    end: '2026-03-22',
    weeks: ['2026-W10', '2026-W11'],
    covered: { first: '2026-03-02', last: '2026-03-15' },
    strategies: TEST_STRATEGIES,
    total: {
      shown: true,
      people: 10,
      answers: 24,
      questions: [
        {
          answerId: 'vision-1',
          shown: true,
          answers: 10,
          average: 3.8,
          values: [
            { value: 2, count: 1 },
            { value: 3, count: 2 },
            { value: 4, count: 5 },
            { value: 5, count: 2 },
          ],
        },
        {
          answerId: 'axis-1',
          shown: true,
          answers: 8,
          average: 2.125,
          values: [
            { value: 1, count: 2 },
            { value: 2, count: 3 },
            { value: 3, count: 2 },
            { value: 4, count: 1 },
          ],
        },
        {
          answerId: 'goal-1',
          shown: true,
          answers: 8,
          average: 4.625,
          values: [
            { value: 4, count: 3 },
            { value: 5, count: 5 },
          ],
        },
        { answerId: 'action-1', shown: false, reason: 'too-few-answers', threshold: 8 },
      ],
      results: [],
    },
    series: [
      {
        period: '2026-W10',
        first: '2026-03-02',
        last: '2026-03-08',
        figure: {
          shown: true,
          people: 9,
          answers: 20,
          questions: [
            { answerId: 'vision-1', shown: true, answers: 9, average: 3.777 },
            { answerId: 'axis-1', shown: true, answers: 8, average: 2.125 },
            { answerId: 'goal-1', shown: false, reason: 'too-few-answers', threshold: 8 },
            { answerId: 'action-1', shown: false, reason: 'too-few-answers', threshold: 8 },
          ],
          results: [],
        },
      },
      {
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        figure: { shown: false, reason: 'too-few-people', threshold: 8 },
      },
    ],
    ...extra,
  };
}
