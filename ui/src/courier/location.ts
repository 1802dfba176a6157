import { courierLocationThrottleMs } from '@nordlog/contracts';

/** Spec §9: high accuracy, no time-out, no cache. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: Infinity,
  maximumAge: 0,
};

/** The report of spec §7: courierId, latitude, longitude, accuracy and an ISO timestamp. */
export interface LocationReport {
  courierId: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: string;
}

export interface LocationDeps {
  geolocation: Pick<Geolocation, 'watchPosition' | 'clearWatch'>;
  send: (report: LocationReport) => Promise<unknown>;
  now: () => number;
  /** Spec §8: geolocation errors and a non-numeric courier id are only logged. */
  log: (message: string, detail?: unknown) => void;
  /** Told after each report the server accepted (the page shows when). */
  onSent?: (at: string) => void;
}

/**
 * Reports the courier's position while a slot is IN_PROGRESS (spec §4): watches the position and
 * sends at most one report per 60 s (§9). Returns the function that stops watching.
 */
export function startLocationReports(courierId: string | null | undefined, deps: LocationDeps) {
  if (!courierId || !/^\d+$/.test(courierId)) {
    deps.log('courier location: no numeric courier id, nothing is reported', courierId);
    return () => undefined;
  }
  let last = -Infinity;
  const watch = deps.geolocation.watchPosition(
    (position) => {
      const now = deps.now();
      if (now - last < courierLocationThrottleMs) return;
      last = now;
      const timestamp = new Date(position.timestamp).toISOString();
      deps
        .send({
          courierId,
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
          timestamp,
        })
        .then(
          () => deps.onSent?.(timestamp),
          (err: unknown) => deps.log('courier location: the report was refused', err),
        );
    },
    (error) => deps.log('courier location: geolocation error', error.message),
    GEOLOCATION_OPTIONS,
  );
  return () => deps.geolocation.clearWatch(watch);
}

/**
 * Where the courier is now, for a deviation's report (docs/decisions/0051-deviations.md): a
 * position at most a minute old, or null when the phone cannot tell within `timeoutMs` (the
 * report goes without one; a deviation is never held back for it).
 */
export function currentPosition(
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined,
  timeoutMs = 5000,
): Promise<{ lat: number; lng: number } | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        const { latitude: lat, longitude: lng } = p.coords;
        resolve(lat === 0 && lng === 0 ? null : { lat, lng });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
