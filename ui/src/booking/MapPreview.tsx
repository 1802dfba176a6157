import Box from '@mui/material/Box';
import type { LeafletEvent, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { RetryingTiles } from '../maps/MapTiles';
import '../maps/leaflet';
import { PREVIEW_HEIGHT, PREVIEW_ZOOM } from '../planner/map/constants';

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
  onMove,
}: {
  lat: number;
  lng: number;
  label: string;
  tileUrl: string;
  attribution: string;
  /**
   * Given, the pin can be dragged (issue 36: an approximate address's pin, moved by a planner to
   * the door); called with where it was dropped.
   */
  onMove?: (lat: number, lng: number) => void;
}) {
  const handlers = useMemo(
    () => ({
      dragend: (e: LeafletEvent) => {
        const at = (e.target as LeafletMarker).getLatLng();
        onMove?.(at.lat, at.lng);
      },
    }),
    [onMove],
  );
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="map-preview"
      data-lat={lat}
      data-lng={lng}
      data-draggable={onMove ? 'true' : 'false'}
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
        <RetryingTiles url={tileUrl} attribution={attribution} />
        <Marker
          position={[lat, lng]}
          keyboard={false}
          draggable={!!onMove}
          eventHandlers={handlers}
        />
        <Recenter lat={lat} lng={lng} />
      </MapContainer>
    </Box>
  );
}
