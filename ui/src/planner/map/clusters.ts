import Supercluster from 'supercluster';
import { CLUSTER_RED_FLOOR, CLUSTERER, POINT_CLUSTERING } from './constants';
import type { MapStop } from './filters';

/** A stop as supercluster holds it: its place in the list it was built from. */
interface StopProps {
  index: number;
}

/**
 * Spec §9 point clustering (radius 40, max zoom 16) with the clusterer's minimum cluster size
 * (2). Supercluster measures its radius on 512-pixel tiles; Leaflet's are 256 (`extent`), so the
 * radius is 40 screen pixels.
 */
export const clusterOptions: Supercluster.Options<StopProps, Supercluster.AnyProps> = {
  radius: POINT_CLUSTERING.radius,
  extent: 256,
  maxZoom: POINT_CLUSTERING.maxZoom,
  minPoints: CLUSTERER.minimumClusterSize,
};

export interface ClusterIndex {
  stops: readonly MapStop[];
  tree: Supercluster<StopProps, Supercluster.AnyProps>;
}

/** The stops, indexed for every zoom at once (built again only when the stops change). */
export function clusterIndex(stops: readonly MapStop[]): ClusterIndex {
  const tree = new Supercluster(clusterOptions).load(
    stops.map((s, index) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [s.lng, s.lat] },
      properties: { index },
    })),
  );
  return { stops, tree };
}

export type ClusterColour = 'red' | 'blue';

/**
 * Spec §9 cluster colour: red when its count exceeds max(10, mean), the mean of the counts of the
 * clusters on screen; else blue.
 */
export function clusterColour(count: number, mean: number): ClusterColour {
  return count > Math.max(CLUSTER_RED_FLOOR, mean) ? 'red' : 'blue';
}

/** The colour of each of the clusters on screen, by the rule above. */
export function clusterColours(counts: readonly number[]): ClusterColour[] {
  const mean = counts.length === 0 ? 0 : counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.map((c) => clusterColour(c, mean));
}

/** A cluster on screen: its id in the index, its place, how many stops and its colour. */
export interface MapCluster {
  id: number;
  lat: number;
  lng: number;
  count: number;
  colour: ClusterColour;
}

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number];

/**
 * What a view shows at a zoom: its clusters, coloured among themselves, and the stops no cluster
 * took (the markers are made of these).
 */
export function inView(
  index: ClusterIndex,
  bbox: Bbox,
  zoom: number,
): { clusters: MapCluster[]; singles: MapStop[] } {
  const clusters: Omit<MapCluster, 'colour'>[] = [];
  const singles: MapStop[] = [];
  for (const f of index.tree.getClusters(bbox, Math.floor(zoom))) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    if ('cluster' in f.properties && f.properties.cluster)
      clusters.push({ id: f.properties.cluster_id, lat, lng, count: f.properties.point_count });
    else singles.push(index.stops[(f.properties as StopProps).index]!);
  }
  const colours = clusterColours(clusters.map((c) => c.count));
  return { clusters: clusters.map((c, i) => ({ ...c, colour: colours[i]! })), singles };
}

/** Every stop a cluster holds. */
export function stopsOfCluster(index: ClusterIndex, clusterId: number): MapStop[] {
  return index.tree
    .getLeaves(clusterId, Infinity)
    .map((leaf) => index.stops[leaf.properties.index]!);
}
