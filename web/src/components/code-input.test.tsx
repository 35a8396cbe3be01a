// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { CodeInput } from './code-input';

function setup() {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <CodeInput label="Code" value="" onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, input: screen.getByLabelText('Code') };
}

afterEach(cleanup);

describe('code input', () => {
  it('a pasted message keeps the last six digits', () => {
    const { onChange, input } = setup();
    fireEvent.paste(input, { clipboardData: { getData: () => 'Votre code : 0012345678' } });
    expect(onChange).toHaveBeenCalledWith('345678');
  });

  it('typing keeps digits only', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: '12a3' } });
    expect(onChange).toHaveBeenCalledWith('123');
  });
});
