import { beforeAll, describe, expect, it } from 'vitest';
import { withParentOrigins } from '../../tools/local-stack/web';
import { contentSecurityPolicy } from '../../infra/web';
import { SERVED_ASSETS_PREFIX } from '../../functions/lib/assets';
import { PERMISSIONS_POLICY, SCAN_PAGE_PATH, SCAN_PAGE_PERMISSIONS_POLICY } from '../../infra/headers';
import { WebConfigSchema, parseParentOrigins, type WebConfig } from '@shared/contracts/web-config';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

type Json = Record<string, unknown>;

function policies(synthesized: SynthesizedApp): Json[] {
  return [...propertiesOf(synthesized.template, 'AWS::CloudFront::ResponseHeadersPolicy').values()].map(
    (policy) => policy.ResponseHeadersPolicyConfig as Json,
  );
}

function securityHeaders(synthesized: SynthesizedApp): Json {
  return policies(synthesized)[0]!.SecurityHeadersConfig as Json;
}

function frameAncestors(headers: Json): string {
  // The CSP is an Fn::Join (it names the APIs): the directive sits in one of its literal parts.
  const csp = JSON.stringify(headers.ContentSecurityPolicy);
  return /frame-ancestors [^;"]*/.exec(csp)?.[0] ?? '';
}

describe('embedding the SPA in a parent window (AWS)', () => {
  let byDefault: SynthesizedApp;
  let embedded: SynthesizedApp;

  beforeAll(() => {
    byDefault = synthesizeWellbeing();
    embedded = synthesizeWellbeing({
      parentOrigins: 'https://portal.example.com, https://intranet.example.org:8443/',
    });
  });

  it('lets nobody frame the SPA by default: frame-ancestors none and X-Frame-Options DENY', () => {
    const headers = securityHeaders(byDefault);
    expect(frameAncestors(headers)).toBe("frame-ancestors 'none'");
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(byDefault.stack.web.config.parentOrigins).toEqual([]);
  });

  it('lets exactly the configured origins frame the SPA, without X-Frame-Options', () => {
    const headers = securityHeaders(embedded);
    expect(frameAncestors(headers)).toBe(
      'frame-ancestors https://portal.example.com https://intranet.example.org:8443',
    );
    expect(headers.FrameOptions).toBeUndefined();
  });

  it('writes the configured origins into config.json for the SPA', () => {
    const config = embedded.stack.web.config;
    expect(config.parentOrigins).toEqual(['https://portal.example.com', 'https://intranet.example.org:8443']);
    expect(WebConfigSchema.shape.parentOrigins.safeParse(config.parentOrigins).success).toBe(true);
  });
});

describe('parent origins', () => {
  it('reads a comma-separated list or a list, keeping bare origins once', () => {
    expect(parseParentOrigins(undefined)).toEqual([]);
    expect(parseParentOrigins('')).toEqual([]);
    expect(parseParentOrigins(' https://a.example/path , https://a.example,http://127.0.0.1:5173')).toEqual([
      'https://a.example',
      'http://127.0.0.1:5173',
    ]);
    expect(parseParentOrigins(['https://b.example'])).toEqual(['https://b.example']);
  });

  it('refuses what is not an http(s) origin, since it would reach the CSP', () => {
    expect(() => parseParentOrigins('portal.example.com')).toThrow(/not a URL/);
    expect(() => parseParentOrigins("https://a.example,javascript:alert('x')")).toThrow(/http\(s\)/);
  });

  it("builds frame-ancestors 'none' without origins and the list with them", () => {
    expect(contentSecurityPolicy([])).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy([], ['https://a.example'])).toMatch(
      /; frame-ancestors https:\/\/a\.example$/,
    );
  });
});

describe('parent origins of the local stack', () => {
  const config: WebConfig = {
    environment: 'local',
    apiUrl: 'http://127.0.0.1:3000',
    wsUrl: 'ws://127.0.0.1:3001/local',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_LocalPool',
    userPoolClientId: 'client',
  };

  it('come from PARENT_ORIGINS, and none without it', () => {
    expect(withParentOrigins(config, {})).toEqual(config);
    expect(withParentOrigins(config, { PARENT_ORIGINS: 'http://127.0.0.1:8080' }).parentOrigins).toEqual([
      'http://127.0.0.1:8080',
    ]);
  });

  it("keep the caller's own list over the environment", () => {
    const own = { ...config, parentOrigins: ['https://own.example'] };
    expect(withParentOrigins(own, { PARENT_ORIGINS: 'http://127.0.0.1:8080' })).toBe(own);
  });
});

describe('browser features of the SPA (Permissions-Policy)', () => {
  let synthesized: SynthesizedApp;
  beforeAll(() => {
    synthesized = synthesizeWellbeing();
  });

  const permissionsPolicy = (config: Json) =>
    ((config.CustomHeadersConfig as Json).Items as Json[]).find((h) => h.Header === 'Permissions-Policy')
      ?.Value;

  it('allow geolocation to the SPA itself and the camera to no page but the scan page', () => {
    const [main, scan] = policies(synthesized);
    expect(permissionsPolicy(main!)).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
    expect(permissionsPolicy(scan!)).toBe(SCAN_PAGE_PERMISSIONS_POLICY);
    expect(SCAN_PAGE_PERMISSIONS_POLICY).toContain('camera=(self)');
    const distribution = [
      ...propertiesOf(synthesized.template, 'AWS::CloudFront::Distribution').values(),
    ][0]!;
    const behaviors = (distribution.DistributionConfig as Json).CacheBehaviors as Json[];
    expect(behaviors.map((b) => b.PathPattern)).toEqual([`${SCAN_PAGE_PATH}*`, `/${SERVED_ASSETS_PREFIX}*`]);
    // Served logos get the SPA's own headers: no camera there either.
    const spa = ((distribution.DistributionConfig as Json).DefaultCacheBehavior as Json)
      .ResponseHeadersPolicyId;
    expect(behaviors[1]!.ResponseHeadersPolicyId).toEqual(spa);
  });
});
