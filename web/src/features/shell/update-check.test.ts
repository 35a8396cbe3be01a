import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { VERSION_CHECK_INTERVAL_MS, VERSION_URL, startUpdateCheck } from './update-check';

describe('update check', () => {
  const fetchImpl = vi.fn<typeof fetch>();
  const onNewVersion = vi.fn<(version: string) => void>();
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    fetchImpl.mockReset();
    onNewVersion.mockReset();
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it('asks /version.json every 600 000 ms without cache', async () => {
    fetchImpl.mockImplementation(async () => jsonResponse(200, { version: '3.15.3', build: 'b1' }));
    stop = startUpdateCheck({ currentBuild: 'b1', onNewVersion, fetchImpl });
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(VERSION_URL);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(onNewVersion).not.toHaveBeenCalled();
  });

  it('announces a new version once when the build differs, then stops asking', async () => {
    fetchImpl.mockImplementation(async () => jsonResponse(200, { version: '3.16.0', build: 'b2' }));
    stop = startUpdateCheck({ currentBuild: 'b1', onNewVersion, fetchImpl });
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 3);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(onNewVersion).toHaveBeenCalledWith('3.16.0');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed or malformed check and tries again at the next tick', async () => {
    fetchImpl
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(jsonResponse(404, {}))
      .mockResolvedValueOnce(jsonResponse(200, { nope: true }))
      .mockResolvedValueOnce(jsonResponse(200, { version: '3.16.0', build: 'b2' }));
    stop = startUpdateCheck({ currentBuild: 'b1', onNewVersion, fetchImpl });
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 3);
    expect(onNewVersion).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(onNewVersion).toHaveBeenCalledWith('3.16.0');
  });
});
