/**
 * The rule for an outbound address: one the product stores and later sends a browser to (a link's
 * `redirectUrl`, a campaign's `endRedirectUrl`; decision 0027). The server's contracts refuse an
 * address that breaks it (400 `invalid-url`) and the SPA checks it again before offering to go, so
 * an address stored before the rule is never followed. It is one rule for both on purpose: an
 * address the server would refuse is never one the SPA follows, and the other way round.
 *
 * An address follows the rule when it is an absolute https address of at most
 * `OUTBOUND_URL_MAX_LENGTH` characters, without whitespace, control or invisible formatting
 * characters (raw or percent-encoded: `%00`–`%1F`, `%7F`), without a backslash, without user-info
 * (`user@`, `user:pass@`), and whose host is a public name or a public IP address: not loopback,
 * private, link-local, unspecified, CGNAT, multicast, reserved or documentation ranges (IPv4 in any
 * spelling the WHATWG URL parser reads, `2130706433` or `0x7f.1` included; IPv6 and IPv4-mapped
 * IPv6), not `localhost` or a name under it, not one label alone, not under a suffix that only
 * means something inside a network (`.local`, `.internal`…). Parsing is the WHATWG `URL` parser's,
 * the one browsers follow, so the host judged is the host a browser would go to.
 */

/** The longest outbound address kept. */
export const OUTBOUND_URL_MAX_LENGTH = 2000;

/** The validation key of an address that breaks the rule (spec 01 §8 style, like `invalid-link`). */
export const INVALID_URL_KEY = 'invalid-url';

/** Whitespace, control characters (C0, DEL, C1) and invisible formatting ones (bidi, zero-width). */
const RAW_FORBIDDEN = /[\s\p{Cc}\p{Cf}\\]/u;
/** A percent-encoded C0 control character or DEL. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const HTTPS_PREFIX = /^https:\/\//i;
/** Suffixes (and names) that only resolve inside a network. */
const NON_PUBLIC_SUFFIXES: ReadonlySet<string> = new Set([
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'private',
  'lan',
  'home',
  'corp',
  'arpa',
]);

/** The address as the browser would read it when it follows the rule; null when it does not. */
export function safeOutboundUrl(value: string): URL | null {
  if (value.length === 0 || value.length > OUTBOUND_URL_MAX_LENGTH) return null;
  if (RAW_FORBIDDEN.test(value) || ENCODED_CONTROL.test(value)) return null;
  // Absolute with its two slashes: no `https:evil.example`, no scheme-relative `//evil.example`.
  if (!HTTPS_PREFIX.test(value)) return null;
  // Any `@` before the path is user-info, even an empty one (`https://@host`), which the parser drops.
  const authority = value.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  return isPublicHost(url.hostname) ? url : null;
}

/** Whether an address follows the outbound address rule. */
export function isSafeOutboundUrl(value: string): boolean {
  return safeOutboundUrl(value) !== null;
}

/**
 * Whether a host, as the WHATWG parser serialises it (lower case, IPv4 as four decimal parts, IPv6
 * in brackets), is one of the public internet.
 */
export function isPublicHost(hostname: string): boolean {
  if (hostname.startsWith('[')) {
    const groups = ipv6Groups(hostname.slice(1, -1));
    return groups !== null && isPublicIpv6(groups);
  }
  const ipv4 = ipv4Number(hostname);
  if (ipv4 !== null) return isPublicIpv4(ipv4);
  const labels = hostname.split('.');
  // One label alone (`intranet`), an empty label (`a..b`, a trailing dot) or a numeric last label
  // (which the parser would have read as an IPv4 address) is no public name.
  if (labels.length < 2 || labels.some((label) => label === '')) return false;
  const last = labels[labels.length - 1] ?? '';
  if (/^[0-9]+$/.test(last)) return false;
  return !NON_PUBLIC_SUFFIXES.has(last);
}

/** `a.b.c.d` (four decimal parts, as the parser writes every IPv4 spelling) as a 32-bit number. */
function ipv4Number(host: string): number | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!parts) return null;
  const bytes = parts.slice(1).map(Number);
  if (bytes.some((b) => b > 255)) return null;
  return bytes.reduce((n, b) => n * 256 + b, 0);
}

/** IPv4 ranges that are not public: [first address, prefix length]. */
const IPV4_NON_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (the cloud metadata address)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function isPublicIpv4(address: number): boolean {
  return IPV4_NON_PUBLIC.every(([first, bits]) => {
    const base = ipv4Number(first) ?? 0;
    const size = 2 ** (32 - bits);
    return address < base || address >= base + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[2] ?? '');
    if (v4 === null) return null;
    text = `${dotted[1] ?? ''}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string | undefined) => (part ? part.split(':') : []);
  const head = read(halves[0]);
  const tail = read(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

/**
 * Only global unicast (2000::/3) is public, less its documentation and special ranges; an
 * IPv4-mapped address (::ffff:a.b.c.d) is judged by its IPv4 address.
 */
function isPublicIpv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  if (groups.slice(0, 5).every((g) => g === 0) && g5 === 0xffff) return isPublicIpv4(g6 * 65536 + g7);
  if ((g0 & 0xe000) !== 0x2000) return false; // ::, ::1, fc00::/7, fe80::/10, ff00::/8 and the rest
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments, Teredo
  if (g0 === 0x2002) return false; // 6to4: an IPv4 address inside
  if ((g0 & 0xfff0) === 0x3ff0) return false; // 3fff::/20, documentation
  return true;
}

export type OutboundTarget =
  { kind: 'in-app'; path: string } | { kind: 'leaving'; url: URL } | { kind: 'invalid' };

/**
 * Where a stored outbound address leads from the SPA at `appOrigin`: a page of the product itself
 * opens in the app; another host only through the leaving page, which names it; an address that
 * breaks the rule (one stored before it) is never followed.
 */
export function outboundTarget(value: string, appOrigin: string): OutboundTarget {
  const url = safeOutboundUrl(value);
  if (!url) return { kind: 'invalid' };
  if (url.origin === appOrigin) return { kind: 'in-app', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'leaving', url };
}
