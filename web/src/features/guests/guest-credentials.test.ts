// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GUEST_CREDENTIALS_STORAGE_KEY,
  forgetGuestCredentials,
  readGuestCredentials,
  storeGuestCredentials,
} from './guest-credentials';

describe('guest credentials kept on this device', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('are read back as stored, under one key, keeping only the username and the secret', () => {
    const withUserId = { username: 'guest-1', secret: 's3cret', userId: 'u-1' };
    expect(storeGuestCredentials(withUserId)).toBe(true);
    expect(readGuestCredentials()).toEqual({ username: 'guest-1', secret: 's3cret' });
    expect(JSON.parse(window.localStorage.getItem(GUEST_CREDENTIALS_STORAGE_KEY) ?? '')).toEqual({
      username: 'guest-1',
      secret: 's3cret',
    });
    expect(window.localStorage.length).toBe(1);
  });

  it('are none when nothing is stored, and none once forgotten', () => {
    expect(readGuestCredentials()).toBeNull();
    storeGuestCredentials({ username: 'guest-1', secret: 's3cret' });
    forgetGuestCredentials();
    expect(readGuestCredentials()).toBeNull();
  });

  it('a damaged or incomplete value counts as none', () => {
    window.localStorage.setItem(GUEST_CREDENTIALS_STORAGE_KEY, '{not json');
    expect(readGuestCredentials()).toBeNull();
    window.localStorage.setItem(GUEST_CREDENTIALS_STORAGE_KEY, JSON.stringify({ username: 'guest-1' }));
    expect(readGuestCredentials()).toBeNull();
  });

  it('storage switched off is not an error: nothing is kept', () => {
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(storeGuestCredentials({ username: 'guest-1', secret: 's3cret' })).toBe(false);
    expect(readGuestCredentials()).toBeNull();
  });
});
