import Box from '@mui/material/Box';
import type { RoutePoint } from '@nordlog/contracts';
import L from '../../maps/leaflet';
import 'leaflet/dist/leaflet.css';
import { createContext, memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslate } from 'react-admin';
import { MapContainer, Marker, Pane, useMap, useMapEvents } from 'react-leaflet';
import type { ArrivalEstimate, TimedPosition } from '@nordlog/contracts';
import {
  COURIER_ICON,
  DEFAULT_CENTRE,
  DEFAULT_ZOOM,
  STOP_ICON,
  routeLine,
  sameShownEstimate,
  type LiveSlot,
} from './liveData';
import { ConfiguredTiles } from '../../maps/MapTiles';
import { RouteLine } from '../../maps/RouteLines';
import type { RouteLineSpec } from '../../maps/routeLineData';
import { numberedStop, type NumberedStopStyle } from '../../maps/numberedStop';
import { stopTitle } from './stopTime';

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
 * the thousands of other stops. The stops are drawn on one canvas and the couriers keep a
 * compositing layer each, so a report is neither a repaint of the stops nor a new assignment of
 * thousands of elements to layers (decision record 0027).
 */
export default function LiveMap(props: {
  slots: readonly MapSlot[];
  couriers: readonly MapCourier[];
  focus: string | null;
  /**
   * The places to fit the map to, asked for only until the map is fitted for `fitKey` (a
   * report then costs nothing here).
   */
  placesOf: () => [number, number][];
  /** The map fits itself to the places once per key (the day and the focused slot). */
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
        <FitView placesOf={props.placesOf} fitKey={props.fitKey} />
        <ViewReport />
        {props.slots.map((s) => (
          <SlotRouteLine
            key={s.slot.id}
            slot={s}
            dimmed={props.focus !== null && props.focus !== String(s.slot.id)}
          />
        ))}
        <StopsLayer slots={props.slots} focus={props.focus} timeZone={props.timeZone} />
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
function FitView({ placesOf, fitKey }: { placesOf: () => [number, number][]; fitKey: string }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitted.current === fitKey) return;
    const places = placesOf();
    if (places.length === 0) return;
    fitted.current = fitKey;
    map.fitBounds(L.latLngBounds(places), { padding: [32, 32], maxZoom: 15, animate: false });
  }, [map, placesOf, fitKey]);
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

/** A slot's route as a line in its unit's colour (dimmed while another slot is focused). */
const SlotRouteLine = memo(function SlotRouteLine(props: { slot: MapSlot; dimmed: boolean }) {
  const points = props.slot.slot.routePoints ?? NO_POINTS;
  const slotId = String(props.slot.slot.id);
  const { colour } = props.slot;
  const line = useMemo(
    (): RouteLineSpec => ({
      slotId,
      kind: 'current',
      colour,
      dashed: false,
      latlngs: routeLine(points),
    }),
    [slotId, colour, points],
  );
  return line.latlngs.length > 1 ? (
    <RouteLine line={line} weight={4} opacity={props.dimmed ? 0.25 : 0.85} />
  ) : null;
});

/** Where the stops' canvas keeps its list of stops (its fallback content), once it is on the map. */
const StopListElement = createContext<HTMLElement | null>(null);

/**
 * The stops of the shown routes, numbered, on one canvas above the lines (Leaflet's canvas
 * renderer in a pane of its own): 4,000 stops as positioned elements cost every frame in which
 * anything on the map changed tens of milliseconds of painting and layer assignment in Chromium
 * (bench:map, decision record 0027). The canvas' fallback content lists the same stops, number,
 * name, time and whether done, for assistive technology (and for tests); the browser does not lay
 * it out or paint it.
 */
function StopsLayer(props: { slots: readonly MapSlot[]; focus: string | null; timeZone: string }) {
  const translate = useTranslate();
  const renderer = useMemo(() => L.canvas({ pane: STOPS_PANE, tolerance: 2 }), []);
  const [canvas, setCanvas] = useState<HTMLElement | null>(null);
  const [list, setList] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const added = () => setCanvas(rendererCanvas(renderer));
    const removed = () => setCanvas(null);
    renderer.on('add', added).on('remove', removed);
    if (rendererCanvas(renderer)?.isConnected) added();
    return () => void renderer.off('add', added).off('remove', removed);
  }, [renderer]);
  return (
    <Pane name={STOPS_PANE} style={{ zIndex: 600 }}>
      {canvas
        ? createPortal(
            <ol ref={setList} aria-label={translate('live.mapStops')} data-testid="live-stops" />,
            canvas,
          )
        : null}
      <StopListElement.Provider value={list}>
        {props.slots.map((s) =>
          props.focus !== null && props.focus !== String(s.slot.id) ? null : (
            <RouteStops key={s.slot.id} {...s} renderer={renderer} timeZone={props.timeZone} />
          ),
        )}
      </StopListElement.Provider>
    </Pane>
  );
}

const STOPS_PANE = 'stops';

/** The canvas element of a canvas renderer (Leaflet's, undeclared), once it is on a map. */
const rendererCanvas = (renderer: L.Canvas) =>
  (renderer as unknown as { _container?: HTMLElement })._container ?? null;

/** A stop's circle: 24 px across with its 3 px border in the route's colour (the stroke's middle). */
const STOP_RADIUS = STOP_ICON.iconSize[0] / 2 - 1.5;

/** A stop as its route's canvas draws it: the circle, and what it was last drawn from. */
interface DrawnStop {
  circle: L.CircleMarker;
  point: RoutePoint;
  style: NumberedStopStyle;
}

/** How a stop looks: a ring in its route's colour, filled grey once done, its number inside. */
const stopStyle = (colour: string, point: RoutePoint, renderer: L.Canvas): NumberedStopStyle => ({
  color: colour,
  weight: 3,
  opacity: 1,
  fillColor: point.done ? '#616161' : '#ffffff',
  fillOpacity: 1,
  label: String(point.sequence),
  labelColour: point.done ? '#ffffff' : '#000000',
  radius: STOP_RADIUS,
  renderer,
});

const sameStyle = (a: NumberedStopStyle, b: NumberedStopStyle) =>
  a.color === b.color &&
  a.fillColor === b.fillColor &&
  a.label === b.label &&
  a.labelColour === b.labelColour;

/** The stop key of each drawn circle (for its route's tooltip). */
const keyOfCircle = new WeakMap<L.Layer, string>();

/**
 * A route's stops on the stops' canvas: Leaflet circles made, moved and restyled in place as the
 * route changes, with no React component per stop. A component per stop, with react-leaflet's
 * layer beneath it, kept about a dozen fibers and their hooks alive: the page's heap was
 * 40 MB with 4,000 stops and is 29 MB without them (the empty map's: 11 MB), and every major
 * collection marks it all (bench:map: frames of 66 to 100 ms after the reports). One tooltip per
 * route, its text made when the pointer is on a stop. The canvas' fallback list (for assistive
 * technology and tests) has a small row per stop.
 */
const RouteStops = memo(function RouteStops(
  props: MapSlot & { renderer: L.Canvas; timeZone: string },
) {
  const map = useMap();
  const translate = useTranslate();
  const list = useContext(StopListElement);
  const points = props.slot.routePoints ?? NO_POINTS;
  const { colour, renderer, estimates, timeZone } = props;
  const [group] = useState(() => L.featureGroup());
  const drawn = useRef(new Map<string, DrawnStop>());
  // What the tooltip shows is made from the latest estimates, when it opens.
  const shown = useRef({ estimates, timeZone, translate });
  useEffect(() => {
    group.bindTooltip(
      (layer) => {
        const stop = drawn.current.get(keyOfCircle.get(layer) ?? '');
        if (!stop) return '';
        const { estimates, timeZone, translate } = shown.current;
        return stopTitle(stop.point, estimates.get(stop.point.key), timeZone, translate);
      },
      { direction: 'top', offset: [0, -STOP_RADIUS] },
    );
    group.addTo(map);
    return () => {
      group.unbindTooltip();
      group.remove();
    };
  }, [group, map]);
  useEffect(() => {
    const stops = drawn.current;
    const seen = new Set<string>();
    for (const point of points) {
      if (point.lat === null || point.lng === null) continue;
      seen.add(point.key);
      const style = stopStyle(colour, point, renderer);
      const stop = stops.get(point.key);
      if (!stop) {
        const circle = numberedStop([point.lat, point.lng], style);
        keyOfCircle.set(circle, point.key);
        group.addLayer(circle);
        stops.set(point.key, { circle, point, style });
        continue;
      }
      if (stop.point.lat !== point.lat || stop.point.lng !== point.lng)
        stop.circle.setLatLng([point.lat, point.lng]);
      if (!sameStyle(stop.style, style)) {
        stop.circle.setStyle(style);
        stop.style = style;
      }
      stop.point = point;
    }
    for (const [key, stop] of stops)
      if (!seen.has(key)) {
        group.removeLayer(stop.circle);
        stops.delete(key);
      }
  }, [group, points, colour, renderer]);
  useEffect(() => {
    shown.current = { estimates, timeZone, translate };
    // A tooltip open on a stop shows its new time at once.
    if (group.isTooltipOpen()) group.getTooltip()?.update();
  }, [group, points, estimates, timeZone, translate]);
  return list
    ? createPortal(
        points.map((p) =>
          p.lat !== null && p.lng !== null ? (
            <StopEntry
              key={p.key}
              point={p}
              estimate={estimates.get(p.key)}
              timeZone={timeZone}
              translate={translate}
            />
          ) : null,
        ),
        list,
      )
    : null;
});

interface StopEntryProps {
  point: RoutePoint;
  estimate: ArrivalEstimate | undefined;
  timeZone: string;
  translate: ReturnType<typeof useTranslate>;
}

/**
 * A stop's row in the canvas' fallback list: number, name, time. It draws again only when what it
 * shows changed (the minute and lateness of its arrival, `sameShownEstimate`).
 */
const StopEntry = memo(
  function StopEntry({ point, estimate, timeZone, translate }: StopEntryProps) {
    return (
      <li data-testid="live-stop-marker" data-stop-key={point.key} data-done={point.done}>
        {stopTitle(point, estimate, timeZone, translate)}
      </li>
    );
  },
  (a, b) =>
    a.point === b.point &&
    a.timeZone === b.timeZone &&
    a.translate === b.translate &&
    sameShownEstimate(a.estimate, b.estimate),
);

/** Writes attributes of a marker's icon (its first element) where they differ. */
function setIconAttributes(marker: L.Marker | null, attributes: Record<string, string>): void {
  const el = marker?.getElement()?.firstElementChild;
  if (!el) return;
  for (const [name, value] of Object.entries(attributes))
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
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
