// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storedSessionKey, testConfig } from '../test/fixtures';
import { setConfig } from './config';

const { fetchAuthSession, callApi } = vi.hoisted(() => ({ fetchAuthSession: vi.fn(), callApi: vi.fn() }));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession }));
vi.mock('./api', () => ({ callApi }));

import {
  deviceKeyForAddress,
  deviceKeyForCampaign,
  ensureKnownDevice,
  rememberDeviceKey,
} from './known-device';

const key = (userId: string, fill = 'A') => `${userId}.${fill.repeat(43)}`;
const signedInAs = (sub: string) =>
  fetchAuthSession.mockResolvedValue({ tokens: { accessToken: { payload: { sub } } } });

beforeEach(() => {
  localStorage.clear();
  setConfig(testConfig);
  storedSessionKey();
  fetchAuthSession.mockReset();
  callApi.mockReset();
});

describe('known-device keys of this browser', () => {
  it('keeps one key per address (normalised) and one per campaign, apart', () => {
    rememberDeviceKey({ email: ' Lou@Example.be ' }, key('u-1'));
    rememberDeviceKey({ campaignId: 'c-1' }, key('g-1'));
    expect(deviceKeyForAddress('lou@example.be')).toBe(key('u-1'));
    expect(deviceKeyForCampaign('c-1')).toBe(key('g-1'));
    expect(deviceKeyForAddress('other@example.be')).toBeUndefined();
  });

  it('ignores damaged storage and keys that are not keys', () => {
    localStorage.setItem('wellbeing.known-devices', '{"address:a@b.be":"nope","address:c@d.be":3}');
    expect(deviceKeyForAddress('a@b.be')).toBeUndefined();
    localStorage.setItem('wellbeing.known-devices', 'not json');
    expect(deviceKeyForAddress('a@b.be')).toBeUndefined();
  });

  it('asks for a key after a sign-in only when it holds none of this person for the address', async () => {
    signedInAs('u-1');
    callApi.mockResolvedValue({ deviceKey: key('u-1') });
    await ensureKnownDevice('lou@example.be');
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(deviceKeyForAddress('lou@example.be')).toBe(key('u-1'));
    await ensureKnownDevice('lou@example.be');
    expect(callApi).toHaveBeenCalledTimes(1);
    // The address now signs in another person: a key of theirs replaces the old one.
    signedInAs('u-2');
    callApi.mockResolvedValue({ deviceKey: key('u-2', 'B') });
    await ensureKnownDevice('lou@example.be');
    expect(deviceKeyForAddress('lou@example.be')).toBe(key('u-2', 'B'));
  });

  it('a failed registration leaves the browser unknown and does not throw', async () => {
    signedInAs('u-1');
    callApi.mockRejectedValue(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(ensureKnownDevice('lou@example.be')).resolves.toBeUndefined();
    expect(deviceKeyForAddress('lou@example.be')).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
