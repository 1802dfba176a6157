/**
 * Every map constant of spec §9 ("Map", "Default map centre by country", "Marker grouping
 * quantization", "Cluster colour", "Clusterer defaults", "Point clustering") and §2's map
 * settings, in one place: the planner's map (`/planner/{dep}/map`, `/map2`) and the booking form's
 * address preview read them from here. Where the spec leaves a meaning open, the choice is written
 * beside the constant.
 */

/** §9 "Map": the address preview's zoom and height. */
export const PREVIEW_ZOOM = 16;
export const PREVIEW_HEIGHT = 300;

/** §9 "Map": default zoom of the planner's map (a position the user has not moved). */
export const DEFAULT_ZOOM = 12;

/** §9 "Map": the centre marker (the address preview's pin, the department on the planner's map). */
export const CENTRE_MARKER = { iconSize: [26, 35], iconAnchor: [13, 35] } as const;

/** §9 "Map": the default marker (a consignment's stop on the planner's map). */
export const DEFAULT_MARKER = { iconSize: [42, 42], iconAnchor: [24, 24] } as const;

/** §2 map settings and §9 "Map": the time-range slider, in hours of the day. */
export const TIME_RANGE = { min: 4, max: 24 } as const;

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * §9 "Default map centre by country". Denmark is not given: central Copenhagen (City Hall Square,
 * where the demo department is), our choice. Any other country (or none) takes Norway's, the only
 * one the spec calls reachable.
 */
export const DEFAULT_CENTRES = {
  NO: { lat: 59.911525, lng: 10.75425 },
  SE: { lat: 59.336043, lng: 18.072772 },
  FI: { lat: 60.167335, lng: 24.950519 },
  DK: { lat: 55.676098, lng: 12.568337 },
} as const satisfies Record<string, LatLng>;

/** §9 "Marker grouping quantization": 8000 by default (per degree, so about 14 m of latitude). */
export const QUANTIZATION = 8000;

/**
 * §9 "Marker grouping quantization" when zoomed: the divisor at each zoom, as [up to zoom,
 * divisor]; above the last zoom the divisor is 1 (the default quantization).
 */
export const ZOOM_DIVISORS: readonly (readonly [number, number])[] = [
  [10, 1000],
  [11, 500],
  [12, 100],
  [13, 50],
  [14, 10],
];

/** §9 "Cluster colour": red when the count exceeds max(10, mean), else blue. */
export const CLUSTER_RED_FLOOR = 10;
export const CLUSTER_COLOURS = { red: '#c62828', blue: '#1565c0' } as const;

/**
 * §9 "Clusterer defaults". With Leaflet and supercluster: the minimum cluster size is
 * supercluster's `minPoints`; markers are added to the map in batches of `batchSize`, one batch a
 * frame; a map tile that fails to load is asked for again up to `loaderRetries` times. The grid
 * (60 px, a Google MarkerClusterer square) has no separate meaning here: supercluster's radius
 * (`POINT_CLUSTERING`) decides how close markers cluster.
 */
export const CLUSTERER = {
  gridSize: 60,
  minimumClusterSize: 2,
  batchSize: 2000,
  loaderRetries: 3,
} as const;

/** §9 "Point clustering": supercluster's radius (pixels) and the last zoom that clusters. */
export const POINT_CLUSTERING = { radius: 40, maxZoom: 16 } as const;

/** The tiles' own limit (OpenStreetMap serves 0 to 19). */
export const MAX_ZOOM = 19;
