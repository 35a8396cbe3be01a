import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Overlay screens open on the current page through the `show` query parameter (spec 01 §2). Each
 * feature registers the overlays it owns in `overlay-list.ts`, with the parameters it reads; menus
 * offer an entry only when its overlay is registered, so a capability that does not exist yet is
 * absent rather than a dead end.
 */
export interface OverlayProps {
  /** The other query parameters of the page (`memberId`, `mode`, …). */
  params: URLSearchParams;
  /** Ends this step: the next comma-separated step opens, or the overlay closes after the last. */
  done(): void;
  /** Closes the whole overlay (Escape and the close button do the same): back in history. */
  close(): void;
}

export interface OverlayDefinition {
  /** Translation key of the overlay's title (also its accessible name). */
  titleKey: string;
  /** Query parameters the overlay needs; it is not opened when one is missing. */
  requiredParams?: readonly string[];
  /** Only for signed-in users who are not guests. */
  registeredOnly?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  component: LazyExoticComponent<ComponentType<OverlayProps>>;
}

const overlays = new Map<string, OverlayDefinition>();

export function registerOverlay(
  name: string,
  definition: Omit<OverlayDefinition, 'component'> & {
    load: () => Promise<{ default: ComponentType<OverlayProps> }>;
  },
): void {
  if (overlays.has(name)) throw new Error(`Overlay "${name}" is registered twice`);
  const { load, ...rest } = definition;
  overlays.set(name, { ...rest, component: lazy(load) });
}

export function overlayDefinition(name: string): OverlayDefinition | undefined {
  return overlays.get(name);
}

export function hasOverlay(name: string): boolean {
  return overlays.has(name);
}

/** `show=a,b` → ['a', 'b'] (empty steps dropped). */
export function overlaySteps(show: string | null): string[] {
  return (show ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The query string after the current step is done: the next step, or no overlay at all. */
export function afterStep(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  const [, ...rest] = overlaySteps(search.get('show'));
  if (rest.length) next.set('show', rest.join(','));
  else next.delete('show');
  return next;
}
