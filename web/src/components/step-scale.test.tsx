// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScale, type StepScaleProps } from './step-scale';

function setup(props: Partial<StepScaleProps> = {}) {
  const onChange = vi.fn<(value: number) => void>();
  const { container } = render(
    <MantineProvider env="test">
      <StepScale
        name="level"
        values={[1, 2, 3, 4, 5]}
        value={null}
        onChange={onChange}
        describe={(v) => `${v} of 5`}
        written={(v) => String(v)}
        testId={(v) => `level-${v}`}
        fill="#123456"
        {...props}
      />
    </MantineProvider>,
  );
  const radios = () => screen.getAllByRole('radio') as HTMLInputElement[];
  const numbers = () => [...container.querySelectorAll('label > span:last-child')] as HTMLElement[];
  return { onChange, radios, numbers };
}

afterEach(cleanup);

describe('step scale', () => {
  it('each step is a radio button named for screen readers, and choosing one reports its value', () => {
    const { onChange, radios } = setup();
    expect(radios().map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
    ]);
    fireEvent.click(screen.getByTestId('level-4'));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('the chosen step is checked and its number written with a check mark, never by colour alone', () => {
    const { radios, numbers } = setup({ value: 3 });
    expect(radios().map((r) => r.checked)).toEqual([false, false, true, false, false]);
    expect(numbers().map((n) => n.textContent)).toEqual(['1', '2', '✓3', '4', '5']);
  });

  it('reversed, the highest value comes first', () => {
    const { radios } = setup({ reverse: true });
    expect(radios().map((r) => r.value)).toEqual(['5', '4', '3', '2', '1']);
  });

  it('numbers left unwritten keep their place, and the chosen one is always written', () => {
    const { numbers } = setup({ value: 3, numbered: (v) => v === 1 || v === 5 });
    expect(numbers().map((n) => n.style.visibility)).toEqual([
      'visible',
      'hidden',
      'visible',
      'hidden',
      'visible',
    ]);
  });

  it('read only, no step can be chosen', () => {
    const { radios } = setup({ value: 2, readOnly: true });
    expect(radios().every((r) => r.disabled)).toBe(true);
  });
});
