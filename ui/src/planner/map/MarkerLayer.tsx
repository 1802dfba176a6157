import { useEffect, useMemo, useState } from 'react';
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

const consignmentsOf = (stops: readonly MapStop[]) => [
  ...new Set(stops.map((s) => s.consignmentId)),
];

/**
 * The stops as clusters and markers (spec §2 "markers at close range are grouped into clusters"):
 * supercluster clusters the stops on screen, the stops left over are grouped into markers by the
 * zoom's quantization, and all are drawn as plain Leaflet markers added in batches (not a React
 * element each: a busy day has thousands), again whenever the map stops moving or the stops change.
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

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const markerLayer = (m: MapMarker) =>
      asButton(
        L.marker([m.lat, m.lng], {
          icon: markerIcon(
            m,
            m.ids.every((id) => id.endsWith(':pickup')),
          ),
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
    const layers: (() => L.Marker)[] = [
      ...clusters.map((c) => () => clusterLayer(c)),
      ...markers.map((m) => () => markerLayer(m)),
    ];
    const stop = addInBatches(
      layers,
      (make) => group.addLayer(make()),
      (fn) => requestAnimationFrame(fn),
      (handle) => cancelAnimationFrame(handle),
    );
    return () => {
      stop();
      group.remove();
    };
  }, [map, index, clusters, markers, clusterLabel, onOpen]);
  return null;
}
