import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { DEFAULT_TILE_URL } from '../booking/mapDefaults';
import { MAX_ZOOM } from '../planner/map/constants';
import { fetchConfig, type AppConfig } from '../shell/config';
import L from './leaflet';
import { tileRetryDelay } from './tileRetry';

/**
 * A tile layer that asks again for a tile that failed to load (spec §9 loader retries, see
 * `tileRetryDelay`): a tile server that drops a request under load leaves no hole in the map.
 */
class RetryingTileLayer extends L.TileLayer {
  private failures = new WeakMap<HTMLElement, number>();

  protected override _tileOnError(done: L.DoneCallback, tile: HTMLElement, e: Error): void {
    const failures = (this.failures.get(tile) ?? 0) + 1;
    this.failures.set(tile, failures);
    const delay = tileRetryDelay(failures);
    const src = tile.getAttribute('src');
    if (delay === null || !src) {
      super._tileOnError(done, tile, e);
      return;
    }
    // The tile's load and error handlers stay on it: the next answer ends it either way.
    setTimeout(() => {
      if (tile.isConnected) tile.setAttribute('src', src);
      else done(e, tile);
    }, delay);
  }
}

/** A map's tiles at a z/x/y address (spec §7), with their attribution. */
export function RetryingTiles({ url, attribution }: { url: string; attribution: string }) {
  const map = useMap();
  useEffect(() => {
    const layer = new RetryingTileLayer(url, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, url, attribution]);
  return null;
}

/**
 * The tiles of the installation's public configuration (`mapTileUrl` and `mapTileAttribution` of
 * `GET /config`, docs/decisions/0015); none before the configuration is known, so only the
 * configured tile server is ever asked.
 */
export function ConfiguredTiles() {
  const { data } = useQuery({ queryKey: ['config'], queryFn: fetchConfig, staleTime: Infinity });
  return data ? <RetryingTiles {...tilesOf(data)} /> : null;
}

/** The tile address and attribution of a configuration; OpenStreetMap's when it names none. */
export const tilesOf = (config: AppConfig): { url: string; attribution: string } => ({
  url: config.mapTileUrl ?? DEFAULT_TILE_URL,
  attribution: config.mapTileAttribution ?? '© OpenStreetMap contributors',
});
