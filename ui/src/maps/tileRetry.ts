import { CLUSTERER } from '../planner/map/constants';

/** Time between a tile's failed load and the next try (the app's retry pause, spec §8). */
export const TILE_RETRY_MS = 500;

/**
 * Spec §9 clusterer "loader retries 3", read for Leaflet as the tile loader: a map tile that failed
 * to load `failures` times is asked for again after the returned pause, up to 3 more times;
 * null: give up (Leaflet then leaves the tile empty).
 */
export function tileRetryDelay(failures: number): number | null {
  return failures <= CLUSTERER.loaderRetries ? TILE_RETRY_MS * failures : null;
}
