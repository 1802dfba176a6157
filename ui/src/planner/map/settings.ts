import { DEFAULT_CENTRES, DEFAULT_ZOOM, MAX_ZOOM, type LatLng } from './constants';

/** Where the map looks: its centre and zoom (spec §2 map settings "position"). */
export interface MapPosition extends LatLng {
  zoom: number;
}

/**
 * Spec §2 map settings kept in the browser per user: autoPan (fit the map to the day's stops when
 * they load) and the position. The position is kept per department (or group) the user opens, so
 * a planner of Oslo and Stockholm finds each where they left it; autoPan is one choice per user.
 */
export interface MapSettings {
  autoPan: boolean;
  position: MapPosition;
}

type Country = keyof typeof DEFAULT_CENTRES;

/** Spec §9 default centre of a country; any other country, or none, takes Norway's. */
export const defaultCentre = (country: string | null | undefined): LatLng =>
  country && Object.hasOwn(DEFAULT_CENTRES, country)
    ? DEFAULT_CENTRES[country as Country]
    : DEFAULT_CENTRES.NO;

/** A user's settings before they change anything: autoPan off, the country's centre, zoom 12. */
export const defaultMapSettings = (country?: string | null): MapSettings => ({
  autoPan: false,
  position: { ...defaultCentre(country), zoom: DEFAULT_ZOOM },
});

/** The localStorage key of a user's map settings. */
export const settingsKey = (userId: string): string => `nordlog.map.${userId}`;

interface Stored {
  autoPan?: unknown;
  positions?: Record<string, unknown>;
}

const finite = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** A stored position that a map can show: latitude, longitude and a whole zoom in range. */
export function isPosition(value: unknown): value is MapPosition {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    finite(p.lat, -90, 90) &&
    finite(p.lng, -180, 180) &&
    finite(p.zoom, 0, MAX_ZOOM) &&
    Number.isInteger(p.zoom)
  );
}

function parse(raw: string | null): Stored {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * The settings a user sees for a department: what the browser keeps, each part that is missing or
 * not valid (an older version's, a hand edit) replaced by its default.
 */
export function readSettings(
  raw: string | null,
  departmentId: string,
  country: string | null | undefined,
): MapSettings {
  const stored = parse(raw);
  const defaults = defaultMapSettings(country);
  const position = stored.positions?.[departmentId];
  return {
    autoPan: typeof stored.autoPan === 'boolean' ? stored.autoPan : defaults.autoPan,
    position: isPosition(position) ? position : defaults.position,
  };
}

/** A position as stored: six decimals (about 10 cm) are more than a map shows. */
const rounded = (p: MapPosition): MapPosition => ({
  lat: Math.round(p.lat * 1e6) / 1e6,
  lng: Math.round(p.lng * 1e6) / 1e6,
  zoom: Math.round(p.zoom),
});

/** The stored text after a change: other departments' positions stay as they were. */
export function writeSettings(
  raw: string | null,
  departmentId: string,
  change: Partial<MapSettings>,
): string {
  const stored = parse(raw);
  const positions = { ...(stored.positions ?? {}) };
  if (change.position) positions[departmentId] = rounded(change.position);
  return JSON.stringify({
    autoPan: change.autoPan ?? (typeof stored.autoPan === 'boolean' ? stored.autoPan : false),
    positions,
  });
}
