/** Geolocation of a feeling (spec 01 §7): high accuracy, 20 s at most; 0/0 when refused or unknown. */
export const GEOLOCATION_TIMEOUT_MS = 20_000;

export interface Position {
  latitude: number;
  longitude: number;
}

const NOWHERE: Position = { latitude: 0, longitude: 0 };

export function readPosition(
  geolocation: Geolocation | null = globalThis.navigator?.geolocation ?? null,
): Promise<Position> {
  if (!geolocation) return Promise.resolve(NOWHERE);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(NOWHERE),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
