import { describe, expect, it } from 'vitest';
import { LINK_LOGO_MAX_BYTES, LinkLogoUploadRequestSchema } from '@shared/contracts/links';
import { uploadedLogoName } from '../lib/logos';
import { LINK_ASSET_PREFIXES, linkLogoPrefix, linkUploadPrefix } from './assets';

describe('where a link’s logo lives', () => {
  it('its uploads and its logo are below the prefixes the domain is granted', () => {
    const [served, uploads] = LINK_ASSET_PREFIXES as [string, string];
    expect(served).toBe('logos/links/');
    expect(uploads).toBe('uploads/links/');
    expect(linkLogoPrefix('Ab_c-1')).toBe('logos/links/Ab_c-1/');
    expect(linkUploadPrefix('Ab_c-1')).toBe('uploads/links/Ab_c-1/');
  });

  it('an upload of one link is never taken for another’s, even when one id starts the other', () => {
    const name = '0f8fad5b-d9cb-469f-a165-70867728950e.png';
    expect(uploadedLogoName(`${linkUploadPrefix('abc')}${name}`, linkUploadPrefix('abc'))).toEqual({
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      extension: 'png',
    });
    expect(() => uploadedLogoName(`${linkUploadPrefix('abcd')}${name}`, linkUploadPrefix('abc'))).toThrow();
    expect(() => uploadedLogoName(`uploads/forms/abc/${name}`, linkUploadPrefix('abc'))).toThrow();
  });
});

describe('asking for a logo upload', () => {
  const problems = (body: unknown) => {
    const parsed = LinkLogoUploadRequestSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes a PNG, JPEG or WebP of 1 byte to 1 MiB, never SVG or GIF', () => {
    for (const contentType of ['image/png', 'image/jpeg', 'image/webp'])
      expect(problems({ contentType, size: LINK_LOGO_MAX_BYTES })).toEqual([]);
    expect(problems({ contentType: 'image/svg+xml', size: 10 })).toEqual(['contentType:not-valid']);
    expect(problems({ contentType: 'image/gif', size: 10 })).toEqual(['contentType:not-valid']);
    expect(problems({ contentType: 'image/png', size: LINK_LOGO_MAX_BYTES + 1 })).toEqual([
      'size:value-out-of-range-error',
    ]);
    expect(problems({ contentType: 'image/png', size: 0 })).toEqual(['size:value-out-of-range-error']);
  });
});
