import { describe, expect, it } from 'vitest';
import {
  isPublicHost,
  isSafeOutboundUrl,
  OUTBOUND_URL_MAX_LENGTH,
  outboundTarget,
  safeOutboundUrl,
} from './safe-url';

describe('the outbound address rule', () => {
  it.each([
    'https://www.example.be/thanks',
    'https://example.be',
    'https://EXAMPLE.be/Path?q=1&r=%C3%A9#end',
    'https://sub.domain.example.co.uk:8443/a/b',
    'https://café.example/menu',
    'https://xn--caf-dma.example/',
    'https://8.8.8.8/',
    'https://[2a00:1450:4001:82a::200e]/',
    'https://[::ffff:8.8.8.8]/',
    'https://example.be/a%20b',
    'https://example.be/%7e',
  ])('takes a public https address: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(true);
  });

  it('answers the parsed address, whose host is what the interstitial names', () => {
    expect(safeOutboundUrl('https://Shop.Example.be:8443/x')?.host).toBe('shop.example.be:8443');
    expect(safeOutboundUrl('https://café.example/')?.hostname).toBe('xn--caf-dma.example');
  });

  it.each([
    'http://example.be/',
    'HTTP://example.be/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.be/',
    'file:///etc/passwd',
    '//evil.example/',
    '/l/abcd',
    'https:evil.example',
    'https:/evil.example',
    'https:\\\\evil.example',
    'https://evil.example\\@example.be/',
    'example.be',
    '',
  ])('refuses what is not an absolute https address: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it.each([
    'https://sentia.app@evil.example/',
    'https://user:pass@evil.example/',
    'https://:pass@evil.example/',
    'https://user:@evil.example/',
    'https://@evil.example/',
    'https://a%40b@evil.example/',
  ])('refuses user-info: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it('still takes an @ after the host, in the path or the query', () => {
    expect(isSafeOutboundUrl('https://example.be/people/@ada?by=ada@example.be')).toBe(true);
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.1.2.3/',
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://172.31.255.255/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/',
    'https://0.1.2.3/',
    'https://100.64.0.1/',
    'https://100.127.255.255/',
    'https://192.0.2.1/',
    'https://198.18.0.1/',
    'https://224.0.0.1/',
    'https://239.255.255.250/',
    'https://240.0.0.1/',
    'https://255.255.255.255/',
  ])('refuses a non-public IPv4 address: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it('takes the public neighbours of those ranges', () => {
    for (const host of [
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '11.0.0.1',
      '223.255.255.254',
    ])
      expect(isSafeOutboundUrl(`https://${host}/`), host).toBe(true);
  });

  it.each([
    'https://2130706433/',
    'https://0x7f000001/',
    'https://0x7f.1/',
    'https://0177.0.0.1/',
    'https://0177.1/',
    'https://127.1/',
    'https://0/',
    'https://017700000001/',
    'https://3232235777/',
    'https://0xa9.0xfe.0xa9.0xfe/',
    'https://%31%32%37.0.0.1/',
    'https://１２７.０.０.１/',
  ])('refuses another spelling of a non-public IPv4 address: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it.each([
    'https://[::1]/',
    'https://[0:0:0:0:0:0:0:1]/',
    'https://[::]/',
    'https://[fc00::1]/',
    'https://[fd12:3456:789a::1]/',
    'https://[fe80::1]/',
    'https://[febf::1]/',
    'https://[ff02::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::127.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2001:db8::1]/',
    'https://[2002:7f00:1::]/',
    'https://[2001::1]/',
  ])('refuses a non-public IPv6 address: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST/',
    'https://localhost:8443/',
    'https://admin.localhost/',
    'https://localhost./',
    'https://intranet/',
    'https://printer.local/',
    'https://db.internal/',
    'https://metadata.google.internal/',
    'https://router.lan/',
    'https://nas.home.arpa/',
    'https://1.0.0.127.in-addr.arpa/',
    'https://example.be./',
    'https://example..be/',
  ])('refuses a name that only means something inside a network: %s', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it.each([
    'https://example.be/%0d%0aSet-Cookie:%20a=b',
    'https://example.be/%0D%0A',
    'https://example.be/?q=%00',
    'https://example.be/#%1f',
    'https://example.be/%7F',
    'https://example.be/%09',
    'https://example.be/\r\nSet-Cookie: a=b',
    'https://example.be/\nx',
    'https://exam\tple.be/',
    'https://example.be/ x',
    ' https://example.be/',
    'https://example.be/\u0000',
    'https://example.be/\u0085',
    'https://example.be/\u00a0',
    'https://example.be/\u2028',
    'https://example.be/\u202e',
    'https://example.be/\u200b',
    'https://example.be/\ufeff',
  ])('refuses control characters and whitespace, raw or percent-encoded: %j', (url) => {
    expect(isSafeOutboundUrl(url)).toBe(false);
  });

  it('keeps addresses to a sensible length', () => {
    const base = 'https://example.be/';
    expect(isSafeOutboundUrl(base + 'a'.repeat(OUTBOUND_URL_MAX_LENGTH - base.length))).toBe(true);
    expect(isSafeOutboundUrl(base + 'a'.repeat(OUTBOUND_URL_MAX_LENGTH - base.length + 1))).toBe(false);
  });
});

describe('a public host', () => {
  it('is a name of two labels or more, or a public address', () => {
    expect(isPublicHost('example.be')).toBe(true);
    expect(isPublicHost('example')).toBe(false);
    expect(isPublicHost('1.1.1.1')).toBe(true);
    expect(isPublicHost('[2606:4700:4700::1111]')).toBe(true);
    expect(isPublicHost('[not:an:address]')).toBe(false);
    expect(isPublicHost('[1::2::3]')).toBe(false);
  });
});

describe('where a stored outbound address leads from the SPA', () => {
  const app = 'https://app.example.be';

  it('a page of the product opens in the app', () => {
    expect(outboundTarget('https://app.example.be/l/abcd?x=1#y', app)).toEqual({
      kind: 'in-app',
      path: '/l/abcd?x=1#y',
    });
  });

  it('another host, or the product on another port, goes through the leaving page', () => {
    const leaving = outboundTarget('https://Evil.Example/path', app);
    expect(leaving.kind).toBe('leaving');
    expect(leaving.kind === 'leaving' && leaving.url.host).toBe('evil.example');
    expect(outboundTarget('https://app.example.be:8443/', app).kind).toBe('leaving');
    expect(outboundTarget('https://app.example.be.evil.example/', app).kind).toBe('leaving');
  });

  it('an address that breaks the rule, stored before it, is never followed', () => {
    expect(outboundTarget('https://app.example.be@evil.example/', app)).toEqual({ kind: 'invalid' });
    expect(outboundTarget('http://169.254.169.254/latest/meta-data', app)).toEqual({ kind: 'invalid' });
    expect(outboundTarget('javascript:alert(1)', app)).toEqual({ kind: 'invalid' });
  });
});
