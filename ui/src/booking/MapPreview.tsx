import Box from '@mui/material/Box';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';

// Leaflet finds its marker images by a CSS path that Vite's bundling breaks: import them and set
// them once (NOTES.md). Spec §9 centre marker: 26x35, anchored at 13,35.
L.Icon.Default.mergeOptions({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [26, 35],
  iconAnchor: [13, 35],
});

/** Spec §9 address preview: zoom 16, height 300. */
export const PREVIEW_ZOOM = 16;
export const PREVIEW_HEIGHT = 300;

/** Spec §4 map widget: it re-centres whenever the centre changes. */
function Recenter({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng], PREVIEW_ZOOM);
  }, [map, lat, lng]);
  return null;
}

/** The map preview beside the address input (spec §2): tiles at a z/x/y path, one marker. */
export default function MapPreview({
  lat,
  lng,
  label,
  tileUrl,
  attribution,
}: {
  lat: number;
  lng: number;
  label: string;
  tileUrl: string;
  attribution: string;
}) {
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="map-preview"
      data-lat={lat}
      data-lng={lng}
      // `isolation`: Leaflet's panes and controls (z-index 400–1000) stay inside the map, under the
      // form's sticky Save bar (issue 13: the map drew over it on the edit page).
      sx={{ height: PREVIEW_HEIGHT, borderRadius: 1, overflow: 'hidden', isolation: 'isolate' }}
    >
      <MapContainer
        center={[lat, lng]}
        zoom={PREVIEW_ZOOM}
        style={{ height: PREVIEW_HEIGHT, width: '100%' }}
        scrollWheelZoom={false}
        keyboard={false}
      >
        <TileLayer url={tileUrl} attribution={attribution} />
        <Marker position={[lat, lng]} keyboard={false} />
        <Recenter lat={lat} lng={lng} />
      </MapContainer>
    </Box>
  );
}
