import { useRef } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistoAnswer, LikertAnswer, LikertOption } from '@shared/contracts/forms';
import { histoValues } from '@shared/domain/forms';
import { textIn } from '@shared/domain/sessions';
import { StepScale } from '../step-scale';
import { GroupFrame, formatNumber, radioGroupProps, type AnswerInputProps } from './answer-parts';

/** Scales with more points than this show the numbers of their ends and the chosen one only. */
const ALL_NUMBERS_UP_TO = 12;

/**
 * A histogram (spec 02 §3 histo): a row of bars growing with their value (`StepScale`), each a
 * native radio button (Tab enters the group, the arrow keys move and choose). The chosen value is
 * written, bold with a check mark, under its bar, so the choice never rests on colour alone.
 * `reverse` shows the highest value first; each legend stays by its end of the scale.
 */
export function HistoAnswerInput(props: AnswerInputProps<HistoAnswer>) {
  const { answer, value, onChange, language, primary, readOnly, ids } = props;
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const values = histoValues(answer);
  const reverse = answer.direction === 'reverse';
  const low = textIn(answer.legendLow, language, primary);
  const high = textIn(answer.legendHigh, language, primary);
  const lowest = values[0];
  const highest = values.at(-1);
  const allNumbers = values.length <= ALL_NUMBERS_UP_TO;

  const spoken = (v: number) => {
    const legend = v === lowest ? low : v === highest ? high : '';
    const number = formatNumber(v, language);
    return legend ? t('formRunner.valueWithLegend', { value: number, legend }) : number;
  };

  return (
    <GroupFrame frame={props}>
      <div ref={group} {...radioGroupProps(props, group, reverse ? [...values].reverse() : values)}>
        <StepScale
          name={ids.control}
          values={values}
          reverse={reverse}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v, 'pointer')}
          describe={spoken}
          written={(v) => formatNumber(v, language)}
          numbered={(v) => allNumbers || v === lowest || v === highest}
          testId={(v) => `form-histo-${answer.id}-${v}`}
          fill={answer.color ?? 'var(--mantine-primary-color-filled)'}
          readOnly={readOnly}
        />
        {(low || high) && (
          <Group justify="space-between" mt={2} aria-hidden="true" wrap="nowrap">
            <Text fz="sm" c="dimmed">
              {reverse ? high : low}
            </Text>
            <Text fz="sm" c="dimmed" ta="right">
              {reverse ? low : high}
            </Text>
          </Group>
        )}
      </div>
    </GroupFrame>
  );
}

/**
 * A likert scale (spec 02 §3 likert): radio buttons named by their legend (their value when they
 * have none), in a row or a column (`display`); `legendTop` speaks for the first option and
 * `legendBottom` for the last, and stay by them when `reverse` shows the options last first.
 */
export function LikertAnswerInput(props: AnswerInputProps<LikertAnswer>) {
  const { answer, value, onChange, language, primary, readOnly, ids } = props;
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const reverse = answer.direction === 'reverse';
  const shown = reverse ? [...answer.options].reverse() : answer.options;
  const first = answer.options[0];
  const last = answer.options.at(-1);
  const top = textIn(answer.legendTop, language, primary);
  const bottom = textIn(answer.legendBottom, language, primary);
  const [startLegend, endLegend] = reverse ? [bottom, top] : [top, bottom];
  const vertical = answer.display === 'vertical';

  const visible = (option: LikertOption) =>
    textIn(option.legend, language, primary) || formatNumber(option.value, language);
  const spoken = (option: LikertOption) => {
    const own = visible(option);
    const end = option === first ? top : option === last ? bottom : '';
    return end && !textIn(option.legend, language, primary)
      ? t('formRunner.valueWithLegend', { value: own, legend: end })
      : own;
  };

  const radios = shown.map((option) => (
    <Radio
      key={option.value}
      name={ids.control}
      value={String(option.value)}
      label={visible(option)}
      aria-label={spoken(option) === visible(option) ? undefined : spoken(option)}
      checked={value === option.value}
      onChange={() => onChange(option.value, 'pointer')}
      disabled={readOnly}
      color={option.color}
      size="md"
      data-testid={`form-likert-${answer.id}-${option.value}`}
    />
  ));

  return (
    <GroupFrame frame={props}>
      <div
        ref={group}
        {...radioGroupProps(
          props,
          group,
          shown.map((o) => o.value),
        )}
      >
        {vertical ? (
          <Stack gap="xs">
            {startLegend && (
              <Text fz="sm" c="dimmed" aria-hidden="true">
                {startLegend}
              </Text>
            )}
            {radios}
            {endLegend && (
              <Text fz="sm" c="dimmed" aria-hidden="true">
                {endLegend}
              </Text>
            )}
          </Stack>
        ) : (
          <>
            <Group gap="lg" wrap="wrap" align="flex-start">
              {radios}
            </Group>
            {(startLegend || endLegend) && (
              <Group justify="space-between" mt={4} aria-hidden="true" wrap="nowrap">
                <Text fz="sm" c="dimmed">
                  {startLegend}
                </Text>
                <Text fz="sm" c="dimmed" ta="right">
                  {endLegend}
                </Text>
              </Group>
            )}
          </>
        )}
      </div>
    </GroupFrame>
  );
}
