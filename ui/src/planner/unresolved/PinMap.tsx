import Box from '@mui/material/Box';
import type { LeafletEvent, LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import '../../maps/leaflet';
import { ConfiguredTiles } from '../../maps/MapTiles';

export interface Point {
  lat: number;
  lng: number;
}

/** Re-centres on `centre` when it changes (a suggestion picked, another address opened). */
function Recenter({ centre, zoom }: { centre: Point; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([centre.lat, centre.lng], zoom);
  }, [map, centre.lat, centre.lng, zoom]);
  return null;
}

/** A click on the map drops the pin there. */
function DropOnClick({ onDrop }: { onDrop: (p: Point) => void }) {
  useMapEvents({
    click: (e: LeafletMouseEvent) => onDrop({ lat: e.latlng.lat, lng: e.latlng.lng }),
  });
  return null;
}

/**
 * The map of the unresolved-address screen (docs/decisions/0053): the configured tiles; a click
 * drops the pin, the pin can be dragged; the map moves only when `centre` changes.
 */
export default function PinMap(props: {
  label: string;
  /** Where the map looks (a picked suggestion, the department); it moves when this changes. */
  centre: Point;
  zoom: number;
  pin: Point | null;
  onPin: (p: Point) => void;
}) {
  const { label, centre, zoom, pin, onPin } = props;
  const handlers = useMemo(
    () => ({
      dragend: (e: LeafletEvent) => {
        const at = (e.target as LeafletMarker).getLatLng();
        onPin({ lat: at.lat, lng: at.lng });
      },
    }),
    [onPin],
  );
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="pin-map"
      data-pin={pin ? `${pin.lat.toFixed(6)},${pin.lng.toFixed(6)}` : ''}
      sx={{ height: 420, borderRadius: 1, overflow: 'hidden', isolation: 'isolate' }}
    >
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={zoom}
        style={{ height: '100%', width: '100%' }}
      >
        <ConfiguredTiles />
        <Recenter centre={centre} zoom={zoom} />
        <DropOnClick onDrop={onPin} />
        {pin ? <Marker position={[pin.lat, pin.lng]} draggable eventHandlers={handlers} /> : null}
      </MapContainer>
    </Box>
  );
}
