import { useEffect, useMemo, useRef, useState } from 'react';
import { useMap, useMapEvent } from 'react-leaflet';
import type L from '../../maps/leaflet';
import { IconLayer, type LayerIcon } from '../../maps/iconLayer';
import { addInBatches } from './batches';
import { clusterIndex, inView, stopsOfCluster, type Bbox, type MapCluster } from './clusters';
import type { MapStop } from './filters';
import { CLUSTER_ANCHOR, clusterElement, MARKER_ANCHOR, markerElement } from './icons';
import { groupMarkers, type MapMarker, type MarkerOptions } from './markers';

/** The part of the map on screen and its zoom. */
function viewOf(map: L.Map): { bbox: Bbox; zoom: number } {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
}

export interface MarkerLayerProps {
  stops: readonly MapStop[];
  describe: MarkerOptions['describe'];
  colorOf: MarkerOptions['colorOf'];
  clusterLabel: (count: number) => string;
  selected: ReadonlySet<string>;
  /** A marker or a cluster was clicked: the consignments it holds. */
  onOpen: (consignmentIds: string[]) => void;
}

/**
 * The User Timing mark set each time the layer has drawn all its clusters and markers (the last
 * batch added), with `{stops, clusters, markers}` as its detail: what `bench:map` times.
 */
export const MARKERS_DRAWN = 'nordlog:map-markers-drawn';

const pickupsOnly = (m: MapMarker) => m.ids.every((id) => id.endsWith(':pickup'));

/** What a cluster's layer shows (its id names its zoom): the same key, the same layer. */
const clusterKey = (c: MapCluster) => `c|${c.id}|${c.count}|${c.colour}|${c.lat}|${c.lng}`;

/** What a marker's layer shows and does (its stops name its consignments and its click). */
const markerKey = (m: MapMarker) =>
  `m|${m.id}|${m.lat}|${m.lng}|${m.ids.join(',')}|${m.colors.join(',')}|${m.highlight}|${m.information}`;

const consignmentsOf = (stops: readonly MapStop[]) => [
  ...new Set(stops.map((s) => s.consignmentId)),
];

/**
 * The stops as clusters and markers (spec §2 "markers at close range are grouped into clusters"):
 * supercluster clusters the stops on screen, the stops left over are grouped into markers by the
 * zoom's quantization, and all are drawn as icons of one layer (`IconLayer`: a plain element
 * each, not a Leaflet marker nor a React element: a busy day has thousands) added in batches,
 * again whenever the map stops moving or the stops change (keeping the icons that show the same
 * as before).
 */
export function MarkerLayer(props: MarkerLayerProps) {
  const { stops, describe, colorOf, clusterLabel, selected, onOpen } = props;
  const map = useMap();
  const [view, setView] = useState(() => viewOf(map));
  useMapEvent('moveend', () => setView(viewOf(map)));

  const index = useMemo(() => clusterIndex(stops), [stops]);
  const { clusters, singles } = useMemo(() => inView(index, view.bbox, view.zoom), [index, view]);
  const markers = useMemo(
    () =>
      groupMarkers(singles, view.zoom, {
        describe,
        colorOf,
        selected,
        onClick: (m) => onOpen(m.consignmentIds),
      }),
    [singles, view.zoom, describe, colorOf, selected, onOpen],
  );

  // The icons on the map by what they show (`clusterKey`, `markerKey`), kept while the stops and
  // the handlers stay the same: when the map stops moving, the clusters and markers still in view
  // stay as they are, only those that left it are removed and only the new ones made (a pan at
  // one zoom keeps most of them).
  const drawnRef = useRef<{ layer: IconLayer; icons: Map<string, LayerIcon> } | null>(null);
  useEffect(() => {
    const layer = new IconLayer().addTo(map);
    drawnRef.current = { layer, icons: new Map() };
    return () => {
      drawnRef.current = null;
      layer.remove();
    };
  }, [map, index, clusterLabel, onOpen]);

  useEffect(() => {
    const drawn = drawnRef.current;
    if (!drawn) return;
    const markerIcon = (m: MapMarker): LayerIcon => ({
      lat: m.lat,
      lng: m.lng,
      anchor: MARKER_ANCHOR,
      element: markerElement(m, pickupsOnly(m)),
      press: m.onClick,
    });
    const clusterIcon = (c: MapCluster): LayerIcon => ({
      lat: c.lat,
      lng: c.lng,
      anchor: CLUSTER_ANCHOR,
      element: clusterElement(c, clusterLabel(c.count)),
      press: () => onOpen(consignmentsOf(stopsOfCluster(index, c.id))),
    });
    const wanted = new Map<string, () => LayerIcon>();
    for (const c of clusters) wanted.set(clusterKey(c), () => clusterIcon(c));
    for (const m of markers) wanted.set(markerKey(m), () => markerIcon(m));
    for (const [key, icon] of drawn.icons)
      if (!wanted.has(key)) {
        drawn.layer.delete(icon);
        drawn.icons.delete(key);
      }
    const icons = [...wanted].filter(([key]) => !drawn.icons.has(key));
    let added = 0;
    const done = () =>
      performance.mark(MARKERS_DRAWN, {
        detail: { stops: index.stops.length, clusters: clusters.length, markers: markers.length },
      });
    const stop = addInBatches(
      icons,
      ([key, make]) => {
        const icon = make();
        drawn.icons.set(key, icon);
        drawn.layer.add(icon);
        if (++added === icons.length) done();
      },
      (fn) => requestAnimationFrame(fn),
      (handle) => cancelAnimationFrame(handle),
    );
    if (icons.length === 0) done();
    return stop;
  }, [map, index, clusters, markers, clusterLabel, onOpen]);
  return null;
}
