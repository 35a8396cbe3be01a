// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../app/providers';
import i18n from '../i18n';
import { listStatus, type ListQuery } from './list-status';

const options = {
  loadError: 'The list could not be loaded.',
  empty: 'Nothing here yet.',
  skeletonHeight: 80,
  testIds: { loading: 'x-loading', error: 'x-error', empty: 'x-empty' },
};

function show(query: ListQuery) {
  const node = listStatus(query, options);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <div data-testid="host">{node}</div>
      </MantineProvider>
    </I18nextProvider>,
  );
  return node;
}

const base = { isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn() };

afterEach(cleanup);

describe('listStatus', () => {
  it('shows a placeholder while the list loads', () => {
    show({ ...base, isPending: true });
    expect(screen.getByTestId('x-loading')).toBeTruthy();
  });

  it('shows the failure with a retry that reads the list again', () => {
    const refetch = vi.fn();
    show({ ...base, isError: true, error: new Error('down'), refetch });
    expect(screen.getByTestId('x-error').textContent).toContain('The list could not be loaded.');
    fireEvent.click(screen.getByTestId('retry'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so when the list is empty', () => {
    show({ ...base, data: { items: [] } });
    expect(screen.getByTestId('x-empty').textContent).toBe('Nothing here yet.');
  });

  it('gives nothing once there are items, so the caller shows them', () => {
    expect(show({ ...base, data: { items: [1] } })).toBeNull();
    expect(screen.getByTestId('host').childElementCount).toBe(0);
  });
});
