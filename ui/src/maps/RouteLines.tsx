import type { LatLng as LeafletLatLng, Polyline as LeafletPolyline } from 'leaflet';
import { memo, useEffect, useMemo, useRef } from 'react';
import { Polyline } from 'react-leaflet';
import { drawable, sameLine, type RouteLineSpec } from './routeLineData';

/** The class of every route line's path element (for styles and tests). */
export const ROUTE_LINE_CLASS = 'nl-route-line';

/**
 * Routes as lines (docs/decisions/0037-planmap.md), one react-leaflet `Polyline` per route from
 * place to place in route order, each in its colour, a suggestion dashed. Each line's path element
 * says which slot and route it is and the vertices Leaflet holds (`data-slot-id`, `data-kind`,
 * `data-latlngs`: `[[lat, lng], …]`), so a test reads the order drawn, not the order meant.
 */
export function RouteLines(props: {
  lines: readonly RouteLineSpec[];
  weight?: number;
  opacity?: number;
}) {
  const lines = useMemo(() => drawable(props.lines), [props.lines]);
  return (
    <>
      {lines.map((line) => (
        <RouteLine
          key={`${line.slotId}:${line.kind}`}
          line={line}
          weight={props.weight ?? 4}
          opacity={props.opacity ?? 0.85}
        />
      ))}
    </>
  );
}

/** One route's line (a map that keeps its lines itself, as the live map, draws them with it). */
export const RouteLine = memo(function RouteLine(props: {
  line: RouteLineSpec;
  weight: number;
  opacity: number;
}) {
  const { line, weight, opacity } = props;
  const layer = useRef<LeafletPolyline>(null);
  const pathOptions = useMemo(
    () => ({
      color: line.colour,
      weight,
      opacity,
      dashArray: line.dashed ? '10 8' : undefined,
    }),
    [line.colour, line.dashed, weight, opacity],
  );
  // Runs after react-leaflet's own effects (a child's run first): the layer is on the map with
  // the new places by now.
  useEffect(() => {
    const el = layer.current?.getElement();
    if (!layer.current || !el) return;
    const held = layer.current.getLatLngs() as LeafletLatLng[];
    el.setAttribute('data-slot-id', line.slotId);
    el.setAttribute('data-kind', line.kind);
    el.setAttribute('data-colour', line.colour);
    el.setAttribute('data-latlngs', JSON.stringify(held.map((p) => [p.lat, p.lng])));
  }, [line]);
  return (
    <Polyline
      ref={layer}
      // An option of the layer, not a style: Leaflet sets the class when it makes the path
      // element (`_initPath`), which react-leaflet does before it applies `pathOptions`.
      className={ROUTE_LINE_CLASS}
      positions={line.latlngs}
      pathOptions={pathOptions}
      interactive={false}
    />
  );
}, sameLineProps);

/** The same line drawn the same way: a page may make its lines anew on each render. */
function sameLineProps(
  a: { line: RouteLineSpec; weight: number; opacity: number },
  b: { line: RouteLineSpec; weight: number; opacity: number },
): boolean {
  return a.weight === b.weight && a.opacity === b.opacity && sameLine(a.line, b.line);
}
