import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_TIMEOUT_MS, readPosition } from './geolocation';

const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
  ({
    getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => answer(ok, fail)),
  }) as unknown as Geolocation;

describe('the position of a feeling', () => {
  it('is asked with high accuracy and a 20 s time-out', async () => {
    const geo = geolocation((ok) =>
      ok({ coords: { latitude: 50.85, longitude: 4.35 } } as GeolocationPosition),
    );
    expect(await readPosition(geo)).toEqual({ latitude: 50.85, longitude: 4.35 });
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: GEOLOCATION_TIMEOUT_MS,
      maximumAge: 0,
    });
    expect(GEOLOCATION_TIMEOUT_MS).toBe(20_000);
  });

  it('is 0/0 when refused, timed out or not offered by the browser', async () => {
    const refused = geolocation((_, fail) => fail({ code: 1 } as GeolocationPositionError));
    expect(await readPosition(refused)).toEqual({ latitude: 0, longitude: 0 });
    expect(await readPosition(null)).toEqual({ latitude: 0, longitude: 0 });
  });
});
