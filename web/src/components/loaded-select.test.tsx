// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { renderPage } from '../test/render';
import { LoadedSelect } from './loaded-select';

interface Fruit {
  id: string;
  name: string;
}

function Fruits({
  load,
  multiple = false,
  errorAs,
}: {
  load: () => Promise<Fruit[]>;
  multiple?: boolean;
  errorAs?: 'field' | 'alert';
}) {
  const fruits = useQuery({ queryKey: ['fruits'], queryFn: load });
  const [one, setOne] = useState<string | null>(null);
  const [many, setMany] = useState<string[]>([]);
  const common = {
    query: fruits,
    options: (items: Fruit[]) => items.map((f) => ({ value: f.id, label: f.name })),
    loadError: 'The fruits could not load.',
    empty: 'No fruit',
    errorAs,
    errorTestId: 'fruits-error',
    label: 'Fruit',
    'data-testid': 'fruits',
  };
  return multiple ? (
    <LoadedSelect {...common} multiple value={many} onChange={setMany} />
  ) : (
    <LoadedSelect {...common} value={one} onChange={setOne} />
  );
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple' },
  { id: 'b', name: 'Banana' },
];

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('fr');
});

describe('a select with loaded options', () => {
  it('waits, disabled, while the options load, then offers them', async () => {
    let answer: (fruits: Fruit[]) => void = () => undefined;
    renderPage(<Fruits load={() => new Promise((resolve) => (answer = resolve))} />);
    const field = screen.getByTestId('fruits') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(field.getAttribute('placeholder')).toBe(i18n.t('common.loading'));
    answer(FRUITS);
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.click(field);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Apple', 'Banana']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(field.value).toBe('Banana'));
  });

  it('says so when there is no option', async () => {
    renderPage(<Fruits load={() => Promise.resolve([])} multiple />);
    const field = screen.getByTestId('fruits') as HTMLInputElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.click(field);
    expect(await screen.findByText('No fruit')).toBeTruthy();
  });

  it('shows a load failure as the field’s error, with a retry that loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<Fruit[]>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(FRUITS);
    renderPage(<Fruits load={load} />);
    expect(await screen.findByText('The fruits could not load.')).toBeTruthy();
    const field = screen.getByTestId('fruits');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(screen.queryByText('The fruits could not load.')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('can show the failure as an alert in place of the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<Fruits load={() => Promise.reject(new Error('down'))} errorAs="alert" multiple />);
    const alert = await screen.findByTestId('fruits-error');
    expect(alert.textContent).toContain('The fruits could not load.');
    expect(screen.queryByTestId('fruits')).toBeNull();
  });
});
