import Box from '@mui/material/Box';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { DEFAULT_ZOOM } from '../planner/map/constants';
import L from './leaflet';
import { ConfiguredTiles } from './MapTiles';
import { placesOf, type LatLng, type RouteLineSpec } from './routeLineData';
import { RouteLines } from './RouteLines';

/**
 * Fits the map to the lines once per `fitKey` when they have places (a later change, a reorder or
 * a pushed plan, never moves the map under the planner's hand).
 */
function FitLines({ places, fitKey }: { places: LatLng[]; fitKey: string }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitted.current === fitKey || places.length === 0) return;
    fitted.current = fitKey;
    map.fitBounds(L.latLngBounds(places), { padding: [24, 24], maxZoom: 15, animate: false });
  }, [map, places, fitKey]);
  return null;
}

/**
 * A map of routes and nothing else (the planning board's, the suggested route's comparison): the
 * configured tiles and the lines, fitted to them; the centre it is given while there are none.
 */
export function RouteMap(props: {
  label: string;
  testId: string;
  lines: readonly RouteLineSpec[];
  centre: { lat: number; lng: number };
  fitKey: string;
  height: number;
}) {
  const places = useMemo(() => placesOf(props.lines), [props.lines]);
  return (
    <Box
      role="region"
      aria-label={props.label}
      data-testid={props.testId}
      sx={{ height: props.height, isolation: 'isolate', borderRadius: 1, overflow: 'hidden' }}
    >
      <MapContainer
        center={[props.centre.lat, props.centre.lng]}
        zoom={DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
      >
        <ConfiguredTiles />
        <FitLines places={places} fitKey={props.fitKey} />
        <RouteLines lines={props.lines} />
      </MapContainer>
    </Box>
  );
}
