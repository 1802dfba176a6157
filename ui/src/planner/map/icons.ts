import { CLUSTER_COLOURS, DEFAULT_MARKER } from './constants';
import type { MapCluster } from './clusters';
import type { MapMarker } from './markers';
import './icons.css';

/** A cluster's disc: its own size (the spec gives none; icons.css), anchored at its middle. */
const CLUSTER_SIZE = 40;

/** The anchor of a marker (spec §9 default marker: 24, 24) and of a cluster (its middle). */
export const MARKER_ANCHOR = DEFAULT_MARKER.iconAnchor;
export const CLUSTER_ANCHOR = [CLUSTER_SIZE / 2, CLUSTER_SIZE / 2] as const;

/**
 * An icon's element: a button (focusable, named `label`, with `title` as its tooltip), of the
 * classes that give it its look, and the data attributes tests read.
 */
function button(classes: string, label: string, data: Record<string, string>): HTMLElement {
  const el = document.createElement('div');
  el.className = `nordlog-icon ${classes}`;
  el.tabIndex = 0;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.title = label;
  for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
  return el;
}

/** The ring of a marker's slot colours (one colour: a plain ring). */
export const ring = (colors: readonly string[]): string =>
  colors.length <= 1
    ? (colors[0] ?? '#616161')
    : `conic-gradient(${colors
        .map((c, i) => `${c} ${(i * 360) / colors.length}deg ${((i + 1) * 360) / colors.length}deg`)
        .join(', ')})`;

/**
 * Spec §9 default marker (42x42, anchored at 24,24; icons.css): a disc round the anchor in its
 * slots' colours, square when it holds pickups only, ringed in yellow when highlighted, with its
 * number of stops when more than one.
 */
export function markerElement(marker: MapMarker, pickupsOnly: boolean): HTMLElement {
  const el = button('nordlog-marker', marker.information, {
    testid: 'map-marker',
    markerId: marker.id,
    lat: String(marker.lat),
    lng: String(marker.lng),
    count: String(marker.ids.length),
    consignments: marker.consignmentIds.join(','),
    colors: marker.colors.join(','),
    highlight: String(marker.highlight),
  });
  if (pickupsOnly) el.dataset.pickupsOnly = '';
  // Issue 36: an approximate point wears a dashed ring, an outlier a red "!" badge (icons.css);
  // the marker's name says both in words.
  if (marker.approximate) el.dataset.approximate = '';
  if (marker.outlier) {
    el.dataset.outlier = '';
    const badge = document.createElement('span');
    badge.className = 'nordlog-marker-outlier';
    badge.textContent = '!';
    el.append(badge);
  }
  el.style.setProperty('--ring', ring(marker.colors));
  if (marker.ids.length > 1) {
    const count = document.createElement('span');
    count.className = 'nordlog-marker-count';
    count.textContent = String(marker.ids.length);
    el.append(count);
  }
  return el;
}

/** A cluster: a disc in its colour (spec §9 rule) with its number of stops. */
export function clusterElement(
  { count, colour, lat, lng }: MapCluster,
  label: string,
): HTMLElement {
  const el = button('nordlog-cluster', label, {
    testid: 'map-cluster',
    count: String(count),
    colour,
    lat: String(lat),
    lng: String(lng),
  });
  el.style.background = CLUSTER_COLOURS[colour];
  el.textContent = String(count);
  return el;
}
