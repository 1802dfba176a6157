import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import L from '../../maps/leaflet';
import { ConfiguredTiles } from '../../maps/MapTiles';
import type { RouteLineSpec } from '../../maps/routeLineData';
import { RouteLines } from '../../maps/RouteLines';
import { MAX_ZOOM, POINT_CLUSTERING } from './constants';
import type { MapStop } from './filters';
import { MarkerLayer, type MarkerLayerProps } from './MarkerLayer';
import type { MapPosition } from './settings';

/** Spec §4 map widget: it re-centres whenever the centre it is given changes. */
function Recenter({ target }: { target: MapPosition | null }) {
  const map = useMap();
  useEffect(() => {
    if (target) map.setView([target.lat, target.lng], target.zoom);
  }, [map, target]);
  return null;
}

/** Spec §4 map widget: it measures itself again when its invalidate condition changes. */
function InvalidateSize({ when }: { when: unknown }) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else map.invalidateSize();
  }, [map, when]);
  return null;
}

/**
 * Tells the page where the map stopped (the position it keeps), and writes the view and the size
 * Leaflet measured on the map's element (`data-lat`, `data-lng`, `data-zoom`, `data-width`).
 */
function ViewState({ onMove }: { onMove: (position: MapPosition) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const { lat, lng } = map.getCenter();
      show();
      onMove({ lat, lng, zoom: map.getZoom() });
    },
    resize: () => show(),
  });
  const show = () => {
    const el = map.getContainer();
    const c = map.getCenter();
    Object.assign(el.dataset, {
      lat: c.lat.toFixed(6),
      lng: c.lng.toFixed(6),
      zoom: String(map.getZoom()),
      width: String(map.getSize().x),
    });
  };
  useEffect(show);
  return null;
}

/**
 * autoPan: the map fits the stops once per `fitKey` (the department and date) when they are there,
 * and when autoPan is switched on; a live change never moves the map under the planner's hand.
 */
function AutoPan(props: { enabled: boolean; fitKey: string; stops: readonly MapStop[] }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const { enabled, fitKey, stops } = props;
  useEffect(() => {
    if (!enabled) fitted.current = null;
    if (!enabled || fitted.current === fitKey || stops.length === 0) return;
    fitted.current = fitKey;
    const bounds = L.latLngBounds(stops.map((s) => [s.lat, s.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: POINT_CLUSTERING.maxZoom });
  }, [map, enabled, fitKey, stops]);
  return null;
}

export interface Depot {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

/**
 * The planner's map (react-leaflet): the configured tiles, the departments as centre markers, the
 * planned slots' routes as lines and the stops as markers and clusters. Starts at `initial` (the kept position or the default).
 */
export default function PlannerMap(props: {
  label: string;
  initial: MapPosition;
  target: MapPosition | null;
  autoPan: boolean;
  fitKey: string;
  /** The invalidate condition: the side panel is open. */
  panelOpen: boolean;
  depots: readonly Depot[];
  /** The planned slots' routes, drawn beneath the stops. */
  lines: readonly RouteLineSpec[];
  onMove: (position: MapPosition) => void;
  /** The stops and how they are drawn and opened. */
  markers: MarkerLayerProps;
}) {
  const { label, initial, target, autoPan, fitKey, panelOpen, depots, lines, onMove, markers } =
    props;
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="planner-map"
      sx={{ height: '100%', isolation: 'isolate', borderRadius: 1, overflow: 'hidden' }}
    >
      <MapContainer
        center={[initial.lat, initial.lng]}
        zoom={initial.zoom}
        maxZoom={MAX_ZOOM}
        style={{ height: '100%', width: '100%' }}
      >
        <ConfiguredTiles />
        <Recenter target={target} />
        <InvalidateSize when={panelOpen} />
        <ViewState onMove={onMove} />
        <AutoPan enabled={autoPan} fitKey={fitKey} stops={markers.stops} />
        {/* In the overlay pane, beneath every marker (the marker pane). */}
        <RouteLines lines={lines} />
        {depots.map((d) => (
          // Below the stops: a cluster at the department stays clickable.
          <Marker
            key={d.id}
            position={[d.lat, d.lng]}
            title={d.name}
            alt={d.name}
            zIndexOffset={-1000}
          />
        ))}
        <MarkerLayer {...markers} />
      </MapContainer>
    </Box>
  );
}
