import { useRef, useState } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistoAnswer, LikertAnswer, LikertOption } from '../../../../shared/contracts/forms';
import { histoValues } from '../../../../shared/domain/forms';
import { textIn } from '../../../../shared/domain/sessions';
import { GroupFrame, formatNumber, groupAria, radioArrowKeys, type AnswerInputProps } from './answer-parts';

/** Kept in the keyboard's and screen readers' reach, out of sight (the bar shows it). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Scales with more points than this show the numbers of their ends and the chosen one only. */
const ALL_NUMBERS_UP_TO = 12;

/**
 * A histogram (spec 02 §3 histo): a row of bars growing with their value, each a native radio
 * button (Tab enters the group, the arrow keys move and choose). The chosen value is written, bold
 * with a check mark, under its bar, so the choice never rests on colour alone. `reverse` shows the
 * highest value first; each legend stays by its end of the scale.
 */
export function HistoAnswerInput({
  answer,
  value,
  onChange,
  language,
  primary,
  readOnly,
  ids,
  label,
  description,
  error,
}: AnswerInputProps<HistoAnswer>) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const values = histoValues(answer);
  const reverse = answer.direction === 'reverse';
  const shown = reverse ? [...values].reverse() : values;
  const chosen = typeof value === 'number' ? value : undefined;
  const low = textIn(answer.legendLow, language, primary);
  const high = textIn(answer.legendHigh, language, primary);
  const fill = answer.color ?? 'var(--mantine-primary-color-filled)';
  const lowest = values[0];
  const highest = values.at(-1);
  const allNumbers = values.length <= ALL_NUMBERS_UP_TO;

  const spoken = (v: number) => {
    const legend = v === lowest ? low : v === highest ? high : '';
    const number = formatNumber(v, language);
    return legend ? t('formRunner.valueWithLegend', { value: number, legend }) : number;
  };

  return (
    <GroupFrame ids={ids} label={label} description={description} error={error}>
      <div
        ref={group}
        role="radiogroup"
        {...groupAria(ids, { description: !!description, error: !!error, required: answer.required })}
        onKeyDown={radioArrowKeys(group, shown.map(String), (key) => onChange(Number(key), 'keyboard'))}
        data-testid={`form-histo-${answer.id}`}
      >
        <div
          style={{ display: 'flex', alignItems: 'flex-end', gap: values.length > 30 ? 1 : 4, height: 112 }}
        >
          {shown.map((v, position) => {
            const rank = values.indexOf(v);
            const isChosen = chosen === v;
            const filled = chosen !== undefined && v <= chosen;
            const numbered = allNumbers || isChosen || v === lowest || v === highest;
            return (
              <label
                key={v}
                style={{
                  position: 'relative',
                  flex: 1,
                  minWidth: 0,
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'flex-end',
                  alignItems: 'center',
                  cursor: readOnly ? 'default' : 'pointer',
                }}
              >
                <input
                  type="radio"
                  name={ids.control}
                  value={String(v)}
                  checked={isChosen}
                  disabled={readOnly}
                  onChange={() => onChange(v, 'pointer')}
                  onFocus={() => setFocused(position)}
                  onBlur={() => setFocused(null)}
                  aria-label={spoken(v)}
                  data-testid={`form-histo-${answer.id}-${v}`}
                  style={visuallyHidden}
                />
                <span
                  aria-hidden="true"
                  style={{
                    display: 'block',
                    width: '100%',
                    height: `${Math.max(8, ((rank + 1) / values.length) * 80)}%`,
                    borderRadius: 4,
                    background: filled ? fill : 'var(--mantine-color-gray-2)',
                    border: `1px solid ${filled ? fill : 'var(--mantine-color-gray-6)'}`,
                    outline: focused === position ? '3px solid var(--mantine-color-blue-9)' : 'none',
                    outlineOffset: 2,
                  }}
                />
                <Text
                  component="span"
                  aria-hidden="true"
                  fz="sm"
                  fw={isChosen ? 800 : 400}
                  mt={2}
                  style={{
                    textDecoration: isChosen ? 'underline' : 'none',
                    whiteSpace: 'nowrap',
                    visibility: numbered ? 'visible' : 'hidden',
                  }}
                >
                  {isChosen ? `✓${formatNumber(v, language)}` : formatNumber(v, language)}
                </Text>
              </label>
            );
          })}
        </div>
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
export function LikertAnswerInput({
  answer,
  value,
  onChange,
  language,
  primary,
  readOnly,
  ids,
  label,
  description,
  error,
}: AnswerInputProps<LikertAnswer>) {
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
    <GroupFrame ids={ids} label={label} description={description} error={error}>
      <div
        ref={group}
        role="radiogroup"
        {...groupAria(ids, { description: !!description, error: !!error, required: answer.required })}
        onKeyDown={radioArrowKeys(
          group,
          shown.map((o) => String(o.value)),
          (key) => onChange(Number(key), 'keyboard'),
        )}
        data-testid={`form-likert-${answer.id}`}
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
