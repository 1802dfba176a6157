import { useEffect, useState } from 'react';
import MapPreview from '../booking/MapPreview';
import { tilesOf } from '../maps/MapTiles';
import { fetchConfig, type AppConfig } from '../shell/config';

/**
 * The tracking page's map: the courier's (rounded) position on the installation's tiles. Loaded
 * on its own, only when there is a courier to show.
 */
export default function CourierMap({
  lat,
  lng,
  label,
}: {
  lat: number;
  lng: number;
  label: string;
}) {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    void fetchConfig().then(setConfig);
  }, []);
  if (!config) return null;
  const { url, attribution } = tilesOf(config);
  return <MapPreview lat={lat} lng={lng} label={label} tileUrl={url} attribution={attribution} />;
}
