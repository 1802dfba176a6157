import Box from '@mui/material/Box';
import type { RoutePoint } from '@nordlog/contracts';
import L from '../../maps/leaflet';
import 'leaflet/dist/leaflet.css';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { MapContainer, Marker, Pane, Polyline, useMap, useMapEvents } from 'react-leaflet';
import type { ArrivalEstimate, TimedPosition } from '@nordlog/contracts';
import {
  COURIER_ICON,
  DEFAULT_CENTRE,
  DEFAULT_ZOOM,
  STOP_ICON,
  routeLine,
  type LiveSlot,
} from './liveData';
import { ConfiguredTiles } from '../../maps/MapTiles';
import { useStopTime } from './stopTime';

/** A slot as the map draws it: its route in its colour, and its stops' estimated arrivals. */
export type MapSlot = LiveSlot;

/** A courier's marker: where, who, and the colour of the route it drives. */
export interface MapCourier {
  id: string;
  position: TimedPosition;
  name: string;
  colour: string;
  /** Drives the focused slot (or nothing is focused). */
  inFocus: boolean;
}

/** Text put into a marker's HTML (names come from orders). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const circle = (size: number, colour: string, fill: string, text: string) =>
  `display:flex;align-items:center;justify-content:center;box-sizing:border-box;` +
  `width:${size}px;height:${size}px;border-radius:50%;border:3px solid ${colour};` +
  `background:${fill};color:${text};font:700 12px/1 sans-serif;`;

/**
 * The live map (react-leaflet): each slot's route as a line in its unit's colour with its stops
 * numbered in order (done stops filled grey), and each courier's latest position. With a focused
 * slot the other routes are dimmed and their stops hidden, and the map fits the focused route.
 *
 * A route, a stop and a courier draw again only when what they show changed (memoised on the
 * objects `useLiveDay` keeps): a courier's report moves its marker and its slot's estimates, not
 * the thousands of other stops.
 */
export default function LiveMap(props: {
  slots: readonly MapSlot[];
  couriers: readonly MapCourier[];
  focus: string | null;
  places: [number, number][];
  /** The map fits itself to `places` once per key (the day and the focused slot). */
  fitKey: string;
  timeZone: string;
}) {
  const translate = useTranslate();
  return (
    <Box
      role="region"
      aria-label={translate('live.map')}
      data-testid="live-map"
      sx={{
        height: '100%',
        minHeight: 420,
        isolation: 'isolate',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <MapContainer
        center={[DEFAULT_CENTRE.lat, DEFAULT_CENTRE.lng]}
        zoom={DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
      >
        <ConfiguredTiles />
        <FitView places={props.places} fitKey={props.fitKey} />
        <ViewReport />
        {props.slots.map((s) => (
          <RouteLayer
            key={s.slot.id}
            {...s}
            dimmed={props.focus !== null && props.focus !== String(s.slot.id)}
            timeZone={props.timeZone}
          />
        ))}
        {/* Couriers move several times a second: on a layer of their own (panes.css), so a move
            repaints the couriers, not the thousands of stops beneath them (bench:map). */}
        <Pane name="couriers" style={{ zIndex: 650 }}>
          {props.couriers.map((c) => (
            <CourierMarker key={c.id} courier={c} />
          ))}
        </Pane>
      </MapContainer>
    </Box>
  );
}

/**
 * Fits the map to the places once per focus (a day, or a slot of it) when they arrive, so live
 * changes never move the map under the planner's hand; no places: spec §9's default view.
 */
function FitView({ places, fitKey }: { places: [number, number][]; fitKey: string }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitted.current === fitKey || places.length === 0) return;
    fitted.current = fitKey;
    map.fitBounds(L.latLngBounds(places), { padding: [32, 32], maxZoom: 15, animate: false });
  }, [map, places, fitKey]);
  return null;
}

/** The map's centre and zoom on its element (`data-lat`, `data-lng`, `data-zoom`), for tests. */
function ViewReport() {
  const map = useMapEvents({ moveend: () => report(), zoomend: () => report() });
  const report = () => {
    const c = map.getCenter();
    const el = map.getContainer();
    el.dataset.lat = String(Math.round(c.lat * 1e6) / 1e6);
    el.dataset.lng = String(Math.round(c.lng * 1e6) / 1e6);
    el.dataset.zoom = String(map.getZoom());
  };
  useEffect(report);
  return null;
}

const NO_POINTS: RoutePoint[] = [];

const RouteLayer = memo(function RouteLayer(
  props: MapSlot & { dimmed: boolean; timeZone: string },
) {
  const points = props.slot.routePoints ?? NO_POINTS;
  const line = useMemo(() => routeLine(points), [points]);
  const pathOptions = useMemo(
    () => ({ color: props.colour, weight: 4, opacity: props.dimmed ? 0.25 : 0.85 }),
    [props.colour, props.dimmed],
  );
  return (
    <>
      {line.length > 1 ? <Polyline positions={line} pathOptions={pathOptions} /> : null}
      {props.dimmed
        ? null
        : points.map((p) =>
            p.lat !== null && p.lng !== null ? (
              <StopMarker
                key={p.key}
                point={p}
                colour={props.colour}
                estimate={props.estimates.get(p.key)}
                timeZone={props.timeZone}
              />
            ) : null,
          )}
    </>
  );
});

interface StopMarkerProps {
  point: RoutePoint;
  colour: string;
  estimate: ArrivalEstimate | undefined;
  timeZone: string;
}

/** The same estimate: the same arrival and lateness (a recomputed slot makes new objects). */
const sameEstimate = (a: ArrivalEstimate | undefined, b: ArrivalEstimate | undefined) =>
  a === b || (!!a && !!b && a.key === b.key && a.arrival === b.arrival && a.late === b.late);

const StopMarker = memo(function StopMarker({
  point,
  colour,
  estimate,
  timeZone,
}: StopMarkerProps) {
  const translate = useTranslate();
  const time = useStopTime(point, estimate, timeZone);
  // The stop's name and time as its tooltip. The icon is made with it and made again when the
  // stop's look changes; a new time alone is written into the icon's element in place, so the map
  // does not take out and put in again a marker among thousands at each courier's report.
  const title = `${point.sequence}. ${point.name} · ${time.text}${time.late ? ` · ${translate('live.late')}` : ''}`;
  const marker = useRef<L.Marker>(null);
  const icon = useMemo(
    () =>
      L.divIcon({
        ...STOP_ICON,
        className: 'live-icon',
        html:
          `<span data-testid="live-stop-marker" data-stop-key="${escapeHtml(point.key)}" ` +
          `data-done="${point.done}" title="${escapeHtml(title)}" ` +
          `style="${circle(24, colour, point.done ? '#616161' : '#fff', point.done ? '#fff' : '#000')}">` +
          `${point.sequence}</span>`,
      }),
    // Not the title: it is set in place below.
    [point.key, point.done, point.sequence, colour],
  );
  useEffect(() => setIconAttributes(marker.current, { title }), [marker, icon, title]);
  // The same array while the place is the same: react-leaflet moves a marker on a new one.
  const position = useMemo(
    (): [number, number] => [point.lat!, point.lng!],
    [point.lat, point.lng],
  );
  return <Marker ref={marker} position={position} icon={icon} keyboard={false} />;
}, sameStopMarker);

/** Writes attributes of a marker's icon (its first element) where they differ. */
function setIconAttributes(marker: L.Marker | null, attributes: Record<string, string>): void {
  const el = marker?.getElement()?.firstElementChild;
  if (!el) return;
  for (const [name, value] of Object.entries(attributes))
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function sameStopMarker(a: StopMarkerProps, b: StopMarkerProps): boolean {
  return (
    a.point === b.point &&
    a.colour === b.colour &&
    a.timeZone === b.timeZone &&
    sameEstimate(a.estimate, b.estimate)
  );
}

const CourierMarker = memo(function CourierMarker({ courier }: { courier: MapCourier }) {
  const translate = useTranslate();
  const { lat, lng } = courier.position;
  const initials = courier.name
    .split(/\s+/)
    .map((w) => w.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  // Its place (`data-lat`, `data-lng`) is written into the icon's element in place as it moves.
  const marker = useRef<L.Marker>(null);
  const icon = useMemo(
    () =>
      L.divIcon({
        ...COURIER_ICON,
        className: 'live-icon',
        html:
          `<span data-testid="courier-marker" data-courier-id="${escapeHtml(courier.id)}" ` +
          `data-lat="${lat}" data-lng="${lng}" ` +
          `style="${circle(42, courier.colour, '#fff', '#000')}box-shadow:0 1px 4px rgba(0,0,0,.5);">` +
          `${initials}</span>`,
      }),
    // Not the place: it is set in place below.
    [courier.id, courier.colour, initials],
  );
  useEffect(
    () => setIconAttributes(marker.current, { 'data-lat': String(lat), 'data-lng': String(lng) }),
    [marker, icon, lat, lng],
  );
  const position = useMemo((): [number, number] => [lat, lng], [lat, lng]);
  return (
    <Marker
      ref={marker}
      position={position}
      icon={icon}
      opacity={courier.inFocus ? 1 : 0.5}
      zIndexOffset={1000}
      title={translate('live.courier', { name: courier.name })}
    />
  );
});
