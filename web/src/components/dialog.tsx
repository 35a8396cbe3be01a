import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal, type ModalRootProps } from '@mantine/core';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: ModalRootProps['size'];
  /** Without a close button nor Escape nor a click outside (a blocking dialog such as the legal consents). */
  blocking?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
  'data-testid'?: string;
}

/**
 * What focus goes back to: the element given, or for an item of a menu (whose dropdown is gone by
 * the time the dialog closes) the button that controls that menu.
 */
function openerOf(active: Element | null): Element | null {
  const menu = active?.closest('[role="menu"]');
  if (!menu?.id) return active;
  return document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
}

/**
 * What the last focused element would give focus back to, resolved when it took the focus: an
 * overlay loads lazily, and by the time its dialog renders the menu that opened it may be gone (and
 * its button no longer names it) with the focus back on the body.
 */
let lastOpener: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && event.target !== document.body)
        lastOpener = openerOf(event.target);
    },
    { capture: true },
  );
}

/** What had the focus when the dialog opened: the active element, else the last one focused. */
function focusedBeforeOpening(): Element | null {
  const active = document.activeElement;
  if (active && active !== document.body) return openerOf(active);
  return lastOpener ?? active;
}

/** The dialogs open now, in the order they opened (portals append to the body). */
const openDialogs = () => [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')];

/**
 * Every dialog of the product, on Mantine's Modal parts, with three things the plain Modal does not
 * do: Escape closes only the dialog on top (a confirmation over an overlay closes alone); focus goes
 * back to what opened the dialog when it closes, even when it closes by being removed; and its
 * header is a plain block, not a second `banner` landmark of the page.
 */
export function Dialog({
  opened,
  onClose,
  title,
  children,
  size,
  blocking = false,
  closeLabel,
  ...rest
}: DialogProps) {
  const content = useRef<HTMLDivElement>(null);
  // Read while rendering, before the dialog takes the focus: the element that opened it (for an
  // entry of a menu, which closes and leaves the page, the button that opened the menu).
  const [opener] = useState<Element | null>(() =>
    typeof document === 'undefined' ? null : focusedBeforeOpening(),
  );
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!opened || blocking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      // A dropdown inside (select, date picker) closes itself first.
      if ((event.target as Element | null)?.getAttribute?.('data-mantine-stop-propagation') === 'true')
        return;
      const mine = content.current;
      if (!mine || openDialogs().at(-1) !== mine) return;
      close.current();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [opened, blocking]);

  useEffect(() => {
    if (!opened) return;
    return () => {
      // After the dialog has gone: the opener if it is still on the page, else the main content.
      window.setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target =
          opener instanceof HTMLElement && opener.isConnected && opener !== document.body
            ? opener
            : document.getElementById('main');
        target?.focus({ preventScroll: true });
      }, 0);
    };
  }, [opened, opener]);

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size ?? 'md'}
      closeOnEscape={false}
      closeOnClickOutside={!blocking}
      returnFocus={false}
      trapFocus
      {...rest}
    >
      <Modal.Overlay />
      <Modal.Content ref={content}>
        {/* A div, not <header>: inside a dialog a header is not the page's banner. */}
        <Modal.Header {...({ component: 'div' } as object)}>
          <Modal.Title>{title}</Modal.Title>
          {!blocking && <Modal.CloseButton aria-label={closeLabel} />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
