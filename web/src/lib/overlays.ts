import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Overlay screens open on the current page through the `show` query parameter (spec 01 §2). Each
 * feature declares the overlays it owns in its face (`features/<name>/index.ts`), and the app
 * registers them from its list of features (`app/features.ts`); menus offer an entry only when its
 * overlay is registered, so a capability that does not exist yet is absent rather than a dead end.
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
  /** Only for signed-in users who are not guests: read from the contract of the route it serves. */
  registeredOnly: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  component: LazyExoticComponent<ComponentType<OverlayProps>>;
}

const overlays = new Map<string, OverlayDefinition>();

/** What a feature's face declares for one of its overlays. */
export interface OverlayDeclaration extends Omit<OverlayDefinition, 'component' | 'registeredOnly'> {
  /**
   * The name of the route the overlay is for (`createLink`). The face names it rather than importing
   * its contract, so that the first page does not download every contract's schemas.
   */
  route?: string;
  /**
   * `registered`: only for registered users, never guests. With a route, it says what the route's
   * contract says (`auth: 'registered'`): the rule lives in the contract, and the faces test
   * (`app/features.test.ts`) fails when the two differ.
   */
  audience?: 'registered';
  load: () => Promise<{ default: ComponentType<OverlayProps> }>;
}

export function registerOverlay(name: string, declaration: OverlayDeclaration): void {
  if (overlays.has(name)) throw new Error(`Overlay "${name}" is registered twice`);
  const { load, route: _route, audience, ...rest } = declaration;
  const registeredOnly = audience === 'registered';
  overlays.set(name, { ...rest, registeredOnly, component: lazy(load) });
}

export function overlayDefinition(name: string): OverlayDefinition | undefined {
  return overlays.get(name);
}

export function hasOverlay(name: string): boolean {
  return overlays.has(name);
}

/** Whether the overlay exists and opens for this user (a guest never gets a registered-only one). */
export function overlayOpensFor(name: string, isGuest: boolean): boolean {
  const definition = overlays.get(name);
  return definition !== undefined && !(isGuest && definition.registeredOnly);
}

/** The `?show=` URL of an overlay on the current page, other parameters kept. */
export function overlaySearch(search: string, overlay: string): string {
  const params = new URLSearchParams(search);
  params.set('show', overlay);
  return `?${params.toString()}`;
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
