/**
 * Browser features the SPA may use (Permissions-Policy), sent by CloudFront (infra/web.ts) and by
 * the local web server (tools/local-stack/web.ts) alike. Geolocation is the SPA's own; the camera only on
 * the scan page (spec 01 §2: QR scanner), which the SPA enters with a full page load so that this
 * header, chosen by path, applies to it; nothing else.
 */
export const SCAN_PAGE_PATH = '/scan';

const BASE_POLICY = ['microphone=()', 'geolocation=(self)', 'payment=()', 'usb=()', 'display-capture=()'];

export const PERMISSIONS_POLICY = ['camera=()', ...BASE_POLICY].join(', ');
export const SCAN_PAGE_PERMISSIONS_POLICY = ['camera=(self)', ...BASE_POLICY].join(', ');

/** The Permissions-Policy of a document at this path. */
export function permissionsPolicyFor(pathname: string): string {
  return pathname === SCAN_PAGE_PATH || pathname.startsWith(`${SCAN_PAGE_PATH}/`)
    ? SCAN_PAGE_PERMISSIONS_POLICY
    : PERMISSIONS_POLICY;
}
