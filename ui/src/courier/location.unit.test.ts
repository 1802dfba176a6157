import { describe, expect, it, jest } from '@jest/globals';
import { GEOLOCATION_OPTIONS, startLocationReports, type LocationDeps } from './location';

type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;

function fakes() {
  let success: Success = () => undefined;
  let failure: Failure = () => undefined;
  let clock = 1_000_000;
  const sent: unknown[] = [];
  const logged: unknown[] = [];
  const watchPosition = jest.fn((s: Success, f?: Failure | null, _o?: PositionOptions) => {
    success = s;
    failure = f ?? failure;
    return 7;
  });
  const clearWatch = jest.fn();
  const deps: LocationDeps = {
    geolocation: { watchPosition, clearWatch },
    send: (r) => {
      sent.push(r);
      return Promise.resolve();
    },
    now: () => clock,
    log: (m, d) => logged.push([m, d]),
  };
  const fire = () =>
    success({
      coords: { latitude: 59.91, longitude: 10.75, accuracy: 12 },
      timestamp: clock,
    } as GeolocationPosition);
  return {
    deps,
    watchPosition,
    clearWatch,
    sent,
    logged,
    fire,
    fail: () => failure({ code: 1, message: 'denied' } as GeolocationPositionError),
    tick: (ms: number) => (clock += ms),
  };
}

describe('courier location reports', () => {
  it('S9-CONST-031 watches with high accuracy, no time-out and no cache', () => {
    const f = fakes();
    startLocationReports('42', f.deps);
    expect(f.watchPosition.mock.calls[0]![2]).toEqual({
      enableHighAccuracy: true,
      timeout: Infinity,
      maximumAge: 0,
    });
    expect(GEOLOCATION_OPTIONS.timeout).toBe(Infinity);
  });
  it('S4-BEH-033 S9-CONST-030 S7-CALL-048 a position every second for two minutes sends at most 3 reports, 60 s apart, with the five fields', () => {
    const f = fakes();
    startLocationReports('42', f.deps);
    for (let s = 0; s < 120; s++) {
      f.fire();
      f.tick(1000);
    }
    expect(f.sent.length).toBeLessThanOrEqual(3);
    expect(f.sent).toHaveLength(2);
    const [first, second] = f.sent as { timestamp: string }[];
    expect(Date.parse(second!.timestamp) - Date.parse(first!.timestamp)).toBeGreaterThanOrEqual(
      60_000,
    );
    expect(Object.keys(first!).sort()).toEqual(
      ['accuracy', 'courierId', 'latitude', 'longitude', 'timestamp'].sort(),
    );
    expect(first!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
  it('S8-ERR-027 a geolocation error is only logged', () => {
    const f = fakes();
    startLocationReports('42', f.deps);
    f.fail();
    expect(f.sent).toEqual([]);
    expect(f.logged).toEqual([['courier location: geolocation error', 'denied']]);
  });
  it('S8-ERR-028 a non-numeric courier id is only logged: nothing is watched or sent', () => {
    const f = fakes();
    startLocationReports('abc', f.deps);
    expect(f.watchPosition).not.toHaveBeenCalled();
    expect(f.logged).toHaveLength(1);
  });
  it('stopping clears the watch', () => {
    const f = fakes();
    startLocationReports('42', f.deps)();
    expect(f.clearWatch).toHaveBeenCalledWith(7);
  });
});
