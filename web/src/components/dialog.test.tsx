// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

afterEach(cleanup);

/** A menu whose entry opens a dialog, as the account menu's entries open their overlays. */
function MenuThatOpensADialog({ lazy = false }: { lazy?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <MantineProvider env="test">
      <button type="button" aria-controls={menuOpen ? 'menu-1' : undefined} data-testid="menu-button">
        Menu
      </button>
      {menuOpen && (
        <div role="menu" id="menu-1">
          <button
            type="button"
            role="menuitem"
            data-testid="entry"
            onClick={() => {
              setMenuOpen(false);
              // A lazy overlay renders later, once the menu is gone and the focus is on the body.
              if (lazy) window.setTimeout(() => setDialogOpen(true), 10);
              else setDialogOpen(true);
            }}
          >
            Settings
          </button>
        </div>
      )}
      {dialogOpen && (
        <Dialog opened onClose={() => setDialogOpen(false)} title="Settings" closeLabel="Close">
          <button type="button" data-testid="close" onClick={() => setDialogOpen(false)}>
            Done
          </button>
        </Dialog>
      )}
    </MantineProvider>
  );
}

describe('a dialog', () => {
  it('gives focus back to the button of the menu whose entry opened it, the entry being gone', async () => {
    render(<MenuThatOpensADialog />);
    const entry = screen.getByTestId('entry');
    entry.focus();
    act(() => entry.click());
    await screen.findByRole('dialog');
    act(() => screen.getByTestId('close').click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('menu-button')));
  });

  it('gives focus back to the menu button when it renders after the menu has gone and the focus is lost', async () => {
    render(<MenuThatOpensADialog lazy />);
    const entry = screen.getByTestId('entry');
    entry.focus();
    act(() => entry.click());
    expect(screen.queryByTestId('entry')).toBeNull();
    expect(document.activeElement).toBe(document.body);
    await screen.findByRole('dialog');
    act(() => screen.getByTestId('close').click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('menu-button')));
  });
});
