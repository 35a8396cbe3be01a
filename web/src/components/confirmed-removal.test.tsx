// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Text } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { ApiError } from '../lib/errors';
import { renderPage } from '../test/render';
import { useConfirmedRemoval } from './confirmed-removal';

interface Thing {
  id: string;
  name: string;
}

const THINGS: Thing[] = [
  { id: 'a', name: 'Apple' },
  { id: 'b', name: 'Banana' },
];

function Things({
  remove,
  onRemoved,
  onCancelled,
}: {
  remove: (thing: Thing) => Promise<unknown>;
  onRemoved?: (thing: Thing) => void;
  onCancelled?: (thing: Thing) => void;
}) {
  const removal = useConfirmedRemoval<Thing>({
    remove,
    title: (thing) => `Remove ${thing.name}?`,
    message: (thing) => <Text>{`${thing.name} will be gone.`}</Text>,
    confirmLabel: 'Remove',
    cancelLabel: 'Keep',
    success: (thing) => ({ key: 'spheres.contexts.deleted', values: { name: thing.name } }),
    testId: 'thing-remove',
    onRemoved,
    onCancelled,
  });
  return (
    <>
      {THINGS.map((thing) => (
        <Button key={thing.id} onClick={() => removal.ask(thing)} data-testid={`ask-${thing.id}`}>
          {thing.name}
        </Button>
      ))}
      <output data-testid="state">{removal.opened ? `open:${removal.item?.id}` : 'closed'}</output>
      {removal.dialog}
    </>
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('fr');
});

describe('a confirmed removal', () => {
  it('asks about the item, runs the removal once confirmed, then closes', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const onRemoved = vi.fn();
    renderPage(<Things remove={remove} onRemoved={onRemoved} />);
    fireEvent.click(screen.getByTestId('ask-b'));
    const dialog = await screen.findByTestId('thing-remove-dialog');
    expect(dialog.textContent).toContain('Remove Banana?');
    expect(dialog.textContent).toContain('Banana will be gone.');
    fireEvent.click(screen.getByTestId('thing-remove-confirm'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith(THINGS[1]);
    expect(onRemoved).toHaveBeenCalledWith(THINGS[1], undefined);
  });

  it('does nothing when cancelled', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const onCancelled = vi.fn();
    renderPage(<Things remove={remove} onCancelled={onCancelled} />);
    fireEvent.click(screen.getByTestId('ask-a'));
    await screen.findByTestId('thing-remove-dialog');
    fireEvent.click(screen.getByTestId('thing-remove-cancel'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(remove).not.toHaveBeenCalled();
    expect(onCancelled).toHaveBeenCalledWith(THINGS[0]);
  });

  it('keeps the dialog open with the error when the removal fails, and forgets it on the next ask', async () => {
    const remove = vi.fn(() => Promise.reject(new ApiError(409, [{ key: 'conflict' }])));
    const onRemoved = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<Things remove={remove} onRemoved={onRemoved} />);
    fireEvent.click(screen.getByTestId('ask-a'));
    await screen.findByTestId('thing-remove-dialog');
    fireEvent.click(screen.getByTestId('thing-remove-confirm'));
    const error = await screen.findByTestId('thing-remove-error');
    expect(error.textContent).toBe(i18n.t('errors.conflict'));
    expect(screen.getByTestId('state').textContent).toBe('open:a');
    expect(onRemoved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('thing-remove-cancel'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    fireEvent.click(screen.getByTestId('ask-b'));
    await screen.findByTestId('thing-remove-dialog');
    expect(screen.queryByTestId('thing-remove-error')).toBeNull();
  });

  it('cannot be cancelled while the removal runs', async () => {
    let finish: () => void = () => undefined;
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPage(<Things remove={remove} />);
    fireEvent.click(screen.getByTestId('ask-a'));
    await screen.findByTestId('thing-remove-dialog');
    fireEvent.click(screen.getByTestId('thing-remove-confirm'));
    await waitFor(() => expect(remove).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('thing-remove-cancel'));
    expect(screen.getByTestId('state').textContent).toBe('open:a');
    finish();
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
  });
});
