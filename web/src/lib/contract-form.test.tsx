// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import i18n from '../i18n';
import { renderPage } from '../test/render';
import { useContractForm, type Sends } from './contract-form';
import { ApiError, translateErrorItem } from './errors';

const PetSchema = z.strictObject({
  name: z.string().trim().min(1, 'required').max(5),
  legs: z.number().int().min(0).max(8),
  tags: z.array(z.string()).default([]),
});

function PetForm({
  onSubmit,
  serverError,
  sends = 'parsed',
}: {
  onSubmit: (body: unknown) => void;
  serverError?: unknown;
  sends?: Sends;
}) {
  const defaults: { name: string; legs: string } = { name: '', legs: '4' };
  const form = useContractForm(PetSchema, defaults, {
    toBody: ({ name, legs }) => ({ name, legs: Number(legs) }),
    serverError,
    sends,
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
      <input aria-label="Name" {...form.register('name')} />
      <output data-testid="name-error">{form.messageFor('name') ?? ''}</output>
      <input aria-label="Legs" {...form.register('legs')} />
      <output data-testid="legs-error">{form.messageFor('legs') ?? ''}</output>
      <output data-testid="general">{form.general.map((p) => p.key).join(',')}</output>
      <button type="submit">Save</button>
    </form>
  );
}

const message = (key: string, values?: Record<string, number>) =>
  translateErrorItem({ key, ...(values ? { values } : {}) }, i18n.t);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('a contract form', () => {
  it('names each problem by the key the server would give, translated on its field', async () => {
    const onSubmit = vi.fn();
    renderPage(<PetForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Legs'), { target: { value: '12' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(screen.getByTestId('name-error').textContent).toBe(message('required')));
    expect(screen.getByTestId('legs-error').textContent).toBe(
      message('value-out-of-range-error', { max: 8 }),
    );

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Fluffy' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() =>
      expect(screen.getByTestId('name-error').textContent).toBe(
        message('length-out-of-range-error', { max: 5 }),
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the parsed body once it passes, or the body as checked', async () => {
    const parsed = vi.fn();
    renderPage(<PetForm onSubmit={parsed} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Rex ' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(parsed).toHaveBeenCalled());
    expect(parsed.mock.calls[0]?.[0]).toEqual({ name: 'Rex', legs: 4, tags: [] });
  });

  it('sends the body as checked when asked to', async () => {
    const raw = vi.fn();
    renderPage(<PetForm onSubmit={raw} sends="body" />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Rex ' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(raw).toHaveBeenCalled());
    expect(raw.mock.calls[0]?.[0]).toEqual({ name: ' Rex ', legs: 4 });
  });

  it('shows the server’s refusals on their fields, and the others once', () => {
    const refused = new ApiError(400, [{ key: 'exist', field: 'body.name' }, { key: 'conflict' }]);
    renderPage(<PetForm onSubmit={vi.fn()} serverError={refused} />);
    expect(screen.getByTestId('name-error').textContent).toBe(message('exist'));
    expect(screen.getByTestId('legs-error').textContent).toBe('');
    expect(screen.getByTestId('general').textContent).toBe('conflict');
  });
});
