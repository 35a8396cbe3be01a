// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_MAX_ATTEMPTS, GUEST_RETRY_DELAY_MS } from '@shared/contracts/guests';
import { setConfig } from '../../../lib/config';
import { ApiError } from '../../../lib/errors';
import { jsonResponse, testConfig } from '../../../test/fixtures';
import { createGuestWithRetries, guestRequestFor, isRetryableGuestError } from './create-guest';

const fetchMock = vi.fn<typeof fetch>();
const credentials = { userId: 'u-1', username: 'guest-1', secret: 's3cret' };
const request = { link: 'http://127.0.0.1:5173/guest' };

describe('guest creation request', () => {
  it('carries the page address as the link', () => {
    expect(guestRequestFor('https://app.example/guest?lang=fr')).toEqual({
      link: 'https://app.example/guest?lang=fr',
    });
  });

  it('carries the delegation only when the address has both an access code and a campaign id', () => {
    const href = 'https://app.example/guest?accessCode=AB12&campaignId=c-9';
    expect(guestRequestFor(href)).toEqual({
      link: href,
      delegation: { accessCode: 'AB12', campaignId: 'c-9' },
    });
    expect(guestRequestFor('https://app.example/guest?accessCode=AB12')).not.toHaveProperty('delegation');
    expect(guestRequestFor('https://app.example/guest?campaignId=c-9&accessCode=')).not.toHaveProperty(
      'delegation',
    );
  });
});

describe('guest creation with retries', () => {
  beforeEach(() => {
    setConfig(testConfig);
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries a network failure and a 5xx, waiting 2 s × the attempt number', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(503, { key: 'internal-server-error' }))
      .mockResolvedValueOnce(jsonResponse(201, credentials));
    const attempts: number[] = [];
    const result = createGuestWithRetries(request, (n) => attempts.push(n));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(GUEST_RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(GUEST_RETRY_DELAY_MS * 2 - 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toEqual(credentials);
    expect(attempts).toEqual([1, 2, 3]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4010/users/guests');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it(`gives up after ${GUEST_MAX_ATTEMPTS} attempts with the last error`, async () => {
    fetchMock.mockImplementation(async () => jsonResponse(500, { key: 'internal-server-error' }));
    const result = createGuestWithRetries(request);
    const outcome = expect(result).rejects.toMatchObject({ status: 500, keys: ['internal-server-error'] });
    await vi.advanceTimersByTimeAsync(GUEST_RETRY_DELAY_MS * 100);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(GUEST_MAX_ATTEMPTS);
  });

  it('does not retry an answer of the client’s own making (4xx)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { key: 'error', errors: [{ key: 'not-valid', field: 'body.delegation' }] }),
    );
    const outcome = expect(createGuestWithRetries(request)).rejects.toMatchObject({ status: 400 });
    await vi.advanceTimersByTimeAsync(GUEST_RETRY_DELAY_MS * 100);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('counts as retryable only the server not reached and 5xx', () => {
    expect(isRetryableGuestError(new ApiError(0, [{ key: 'network-error' }]))).toBe(true);
    expect(isRetryableGuestError(new ApiError(502, [{ key: 'internal-server-error' }]))).toBe(true);
    expect(isRetryableGuestError(new ApiError(429, [{ key: 'too-many' }]))).toBe(false);
    expect(isRetryableGuestError(new ApiError(409, [{ key: 'conflict' }]))).toBe(false);
    expect(isRetryableGuestError(new Error('boom'))).toBe(false);
  });
});
