import { useEffect, useMemo, useRef, useState } from 'react';
import { useMap, useMapEvent } from 'react-leaflet';
import L from '../../maps/leaflet';
import { addInBatches } from './batches';
import { clusterIndex, inView, stopsOfCluster, type Bbox, type MapCluster } from './clusters';
import type { MapStop } from './filters';
import { clusterIcon, markerIcon } from './icons';
import { groupMarkers, type MapMarker, type MarkerOptions } from './markers';

/** The part of the map on screen and its zoom. */
function viewOf(map: L.Map): { bbox: Bbox; zoom: number } {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
}

/**
 * A marker's element is a button (Leaflet's keyboard option makes it one to tab to): its name is
 * the marker's line, and a click, Enter or Space presses it.
 */
function asButton(marker: L.Marker, label: string, press: () => void): L.Marker {
  return marker
    .on('add', () => marker.getElement()?.setAttribute('aria-label', label))
    .on('click', press)
    .on('keypress', (e: L.LeafletKeyboardEvent) => {
      if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
      e.originalEvent.preventDefault();
      press();
    });
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
 * zoom's quantization, and all are drawn as plain Leaflet markers added in batches (not a React
 * element each: a busy day has thousands), again whenever the map stops moving or the stops change
 * (keeping the layers that show the same as before).
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

  // The layers on the map by what they show (`layerKey`), kept while the stops and the handlers
  // stay the same: when the map stops moving, the clusters and markers still in view stay as they
  // are, only those that left it are removed and only the new ones made (a pan at one zoom keeps
  // most of them).
  const drawnRef = useRef<{ group: L.LayerGroup; layers: Map<string, L.Marker> } | null>(null);
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    drawnRef.current = { group, layers: new Map() };
    return () => {
      drawnRef.current = null;
      group.remove();
    };
  }, [map, index, clusterLabel, onOpen]);

  useEffect(() => {
    const drawn = drawnRef.current;
    if (!drawn) return;
    const markerLayer = (m: MapMarker) =>
      asButton(
        L.marker([m.lat, m.lng], {
          icon: markerIcon(m, pickupsOnly(m)),
          title: m.information,
        }),
        m.information,
        m.onClick,
      );
    const clusterLayer = (c: MapCluster) => {
      const label = clusterLabel(c.count);
      return asButton(L.marker([c.lat, c.lng], { icon: clusterIcon(c), title: label }), label, () =>
        onOpen(consignmentsOf(stopsOfCluster(index, c.id))),
      );
    };
    const wanted = new Map<string, () => L.Marker>();
    for (const c of clusters) wanted.set(clusterKey(c), () => clusterLayer(c));
    for (const m of markers) wanted.set(markerKey(m), () => markerLayer(m));
    for (const [key, layer] of drawn.layers)
      if (!wanted.has(key)) {
        drawn.group.removeLayer(layer);
        drawn.layers.delete(key);
      }
    const layers = [...wanted].filter(([key]) => !drawn.layers.has(key));
    let added = 0;
    const done = () =>
      performance.mark(MARKERS_DRAWN, {
        detail: { stops: index.stops.length, clusters: clusters.length, markers: markers.length },
      });
    const stop = addInBatches(
      layers,
      ([key, make]) => {
        const layer = make();
        drawn.layers.set(key, layer);
        drawn.group.addLayer(layer);
        if (++added === layers.length) done();
      },
      (fn) => requestAnimationFrame(fn),
      (handle) => cancelAnimationFrame(handle),
    );
    if (layers.length === 0) done();
    return stop;
  }, [map, index, clusters, markers, clusterLabel, onOpen]);
  return null;
}
