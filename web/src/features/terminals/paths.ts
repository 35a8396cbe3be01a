/** The kiosk page (decision 0028): its key comes in the fragment, `#key=…`, never sent to a server. */
export const KIOSK_PAGE_PATH = '/terminal/:terminalId';
/** The Terminals tab of a sphere's settings (`?tab=terminals`). */
export const TERMINALS_TAB = 'terminals';

/** Where a kiosk keeps its key, and the last kiosk it read (so it opens offline too). */
export const kioskKeyStorageKey = (terminalId: string) => `terminal:${terminalId}:key`;
export const kioskStorageKey = (terminalId: string) => `terminal:${terminalId}:kiosk`;

/** A sphere's Sales-Up page (spec 01 §2), where its terminals are set up. */
export const SALES_UP_PAGE_PATH = '/apps/spheres/:sphereId/sales-up';
export const salesUpPath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}/sales-up`;
