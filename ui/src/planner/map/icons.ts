import L from '../../maps/leaflet';
import { CLUSTER_COLOURS, DEFAULT_MARKER } from './constants';
import type { MapCluster } from './clusters';
import type { MapMarker } from './markers';

/** A cluster's disc: its own size (the spec gives none), anchored at its middle. */
const CLUSTER_SIZE = 40;

function element(tag: string, style: Partial<CSSStyleDeclaration>, data: Record<string, string>) {
  const el = document.createElement(tag);
  Object.assign(el.style, style);
  for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
  return el;
}

/** The ring of a marker's slot colours (one colour: a plain ring). */
const ring = (colors: readonly string[]): string =>
  colors.length <= 1
    ? (colors[0] ?? '#616161')
    : `conic-gradient(${colors
        .map((c, i) => `${c} ${(i * 360) / colors.length}deg ${((i + 1) * 360) / colors.length}deg`)
        .join(', ')})`;

/**
 * Spec §9 default marker (42x42, anchored at 24,24): a disc round the anchor in its slots' colours,
 * square when it holds pickups only, ringed in yellow when highlighted, with its number of stops
 * when more than one. Its data attributes are what tests read.
 */
export function markerIcon(marker: MapMarker, pickupsOnly: boolean): L.DivIcon {
  const [w, h] = DEFAULT_MARKER.iconSize;
  const [ax, ay] = DEFAULT_MARKER.iconAnchor;
  const box = element(
    'span',
    { position: 'absolute', inset: '0', width: `${w}px`, height: `${h}px` },
    {
      testid: 'map-marker',
      markerId: marker.id,
      lat: String(marker.lat),
      lng: String(marker.lng),
      count: String(marker.ids.length),
      consignments: marker.consignmentIds.join(','),
      colors: marker.colors.join(','),
      highlight: String(marker.highlight),
    },
  );
  // The disc is as big as fits round the anchor inside the icon's box.
  const radius = Math.min(ax, ay, w - ax, h - ay);
  const disc = element(
    'span',
    {
      position: 'absolute',
      left: `${ax - radius}px`,
      top: `${ay - radius}px`,
      width: `${radius * 2}px`,
      height: `${radius * 2}px`,
      boxSizing: 'border-box',
      borderRadius: pickupsOnly ? '4px' : '50%',
      background: ring(marker.colors),
      border: '3px solid #fff',
      boxShadow: marker.highlight
        ? '0 0 0 3px #fdd835, 0 1px 4px #000'
        : '0 1px 3px rgba(0,0,0,.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    },
    {},
  );
  if (marker.ids.length > 1) {
    const count = element(
      'span',
      {
        background: '#fff',
        color: '#000',
        borderRadius: '9px',
        minWidth: '18px',
        padding: '0 3px',
        font: '700 11px/18px sans-serif',
        textAlign: 'center',
      },
      {},
    );
    count.textContent = String(marker.ids.length);
    disc.append(count);
  }
  box.append(disc);
  return L.divIcon({
    html: box,
    className: 'nordlog-map-icon',
    iconSize: [w, h],
    iconAnchor: [ax, ay],
  });
}

/** A cluster: a disc in its colour (spec §9 rule) with its number of stops. */
export function clusterIcon({ count, colour, lat, lng }: MapCluster): L.DivIcon {
  const disc = element(
    'span',
    {
      position: 'absolute',
      inset: '0',
      boxSizing: 'border-box',
      borderRadius: '50%',
      background: CLUSTER_COLOURS[colour],
      border: '3px solid #fff',
      boxShadow: '0 1px 4px rgba(0,0,0,.6)',
      color: '#fff',
      font: '700 13px/34px sans-serif',
      textAlign: 'center',
    },
    {
      testid: 'map-cluster',
      count: String(count),
      colour,
      lat: String(lat),
      lng: String(lng),
    },
  );
  disc.textContent = String(count);
  return L.divIcon({
    html: disc,
    className: 'nordlog-map-icon',
    iconSize: [CLUSTER_SIZE, CLUSTER_SIZE],
    iconAnchor: [CLUSTER_SIZE / 2, CLUSTER_SIZE / 2],
  });
}
