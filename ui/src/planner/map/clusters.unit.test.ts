import { describe, expect, it } from '@jest/globals';
import { tileRetryDelay } from '../../maps/tileRetry';
import { addInBatches } from './batches';
import {
  clusterColour,
  clusterColours,
  clusterIndex,
  clusterOptions,
  inView,
  stopsOfCluster,
} from './clusters';
import { CLUSTERER, POINT_CLUSTERING } from './constants';
import type { MapStop } from './filters';

const stop = (id: string, lat: number, lng: number): MapStop => ({
  id: `${id}:delivery`,
  consignmentId: id,
  kind: 'delivery',
  lat,
  lng,
  slotId: null,
  approximate: false,
  outlier: false,
});
const world: [number, number, number, number] = [-180, -85, 180, 85];
const kinds = (stops: MapStop[], zoom: number, bbox = world) => {
  const view = inView(clusterIndex(stops), bbox, zoom);
  return [...view.clusters.map(() => 'cluster'), ...view.singles.map((s) => s.id)];
};

describe('map clusters', () => {
  it('S9-CONST-058 S9-CONST-059: supercluster clusters within 40 px up to zoom 16', () => {
    expect(POINT_CLUSTERING).toEqual({ radius: 40, maxZoom: 16 });
    expect(clusterOptions).toMatchObject({ radius: 40, extent: 256, maxZoom: 16, minPoints: 2 });
    // Two stops 10 m apart: one cluster up to zoom 16, two stops from zoom 17.
    const stops = [stop('a', 59.91, 10.75), stop('b', 59.91009, 10.75)];
    expect(kinds(stops, 16)).toEqual(['cluster']);
    expect(kinds(stops, 17)).toEqual(['a:delivery', 'b:delivery']);
    expect(kinds(stops, 19)).toEqual(['a:delivery', 'b:delivery']);
    // 40 px at zoom 12 is about 0.0137° of longitude: 0.01° apart cluster, 0.02° apart do not.
    expect(kinds([stop('a', 59.91, 10.75), stop('b', 59.91, 10.76)], 12)).toEqual(['cluster']);
    expect(kinds([stop('a', 59.91, 10.75), stop('b', 59.91, 10.77)], 12)).toHaveLength(2);
  });

  it('S9-CONST-055: two close stops cluster; one alone does not', () => {
    expect(CLUSTERER.minimumClusterSize).toBe(2);
    expect(kinds([stop('a', 59.91, 10.75)], 10)).toEqual(['a:delivery']);
    const view = inView(
      clusterIndex([stop('a', 59.91, 10.75), stop('b', 59.911, 10.751)]),
      world,
      10,
    );
    expect(view.singles).toEqual([]);
    expect(view.clusters).toEqual([expect.objectContaining({ count: 2, colour: 'blue' })]);
  });

  it('a cluster counts its stops, stands where they are and lists them; only what is in view', () => {
    const street = Array.from({ length: 50 }, (_, i) => stop(`s${i}`, 59.9226, 10.75 + i * 0.0002));
    const far = stop('far', 60.5, 11.5);
    const index = clusterIndex([...street, far]);
    const { clusters, singles } = inView(index, world, 10);
    expect(clusters).toHaveLength(1);
    const cluster = clusters[0]!;
    // Alone on screen, a cluster is the mean: never more than it, so blue.
    expect(cluster).toMatchObject({ count: 50, colour: 'blue' });
    expect(cluster.lat).toBeCloseTo(59.9226, 3);
    expect(cluster.lng).toBeGreaterThan(10.75);
    expect(cluster.lng).toBeLessThan(10.76);
    expect(singles).toEqual([far]);
    expect(
      stopsOfCluster(index, cluster.id)
        .map((s) => s.consignmentId)
        .sort(),
    ).toEqual(street.map((s) => s.consignmentId).sort());
    // A box round the far stop holds it alone.
    expect(inView(index, [11, 60, 12, 61], 10)).toEqual({ clusters: [], singles: [far] });
  });

  it('S9-CONST-053: a cluster is red when its count exceeds max(10, mean of the clusters on screen), else blue', () => {
    expect(clusterColours([5, 5, 50])).toEqual(['blue', 'blue', 'red']);
    expect(clusterColour(10, 4)).toBe('blue');
    expect(clusterColour(11, 4)).toBe('red');
    expect(clusterColour(20, 25)).toBe('blue');
    // Clusters of one size are never above their mean.
    expect(clusterColours([12, 12])).toEqual(['blue', 'blue']);
    expect(clusterColours([12, 2])).toEqual(['red', 'blue']);
    expect(clusterColours([])).toEqual([]);
  });

  it('S9-CONST-054 S9-CONST-056: the clusterer grid is 60 and markers are added in batches of 2000, a batch a frame', () => {
    expect(CLUSTERER.gridSize).toBe(60);
    expect(CLUSTERER.batchSize).toBe(2000);
    const frames: (() => void)[] = [];
    const added: number[] = [];
    const items = Array.from({ length: 4500 }, (_, i) => i);
    addInBatches(
      items,
      (i) => added.push(i),
      (fn) => frames.push(fn),
      () => undefined,
    );
    expect(added).toHaveLength(2000);
    frames.shift()!();
    expect(added).toHaveLength(4000);
    frames.shift()!();
    expect(added).toEqual(items);
    expect(frames).toHaveLength(0);
    // Stopped halfway: the rest never comes.
    const later: (() => void)[] = [];
    const cancelled: number[] = [];
    const stop = addInBatches(
      items,
      () => undefined,
      (fn) => later.push(fn),
      (h) => cancelled.push(h),
    );
    stop();
    expect(cancelled).toEqual([1]);
  });

  it('S9-CONST-057: a tile that fails to load is asked for again up to 3 times', () => {
    expect(CLUSTERER.loaderRetries).toBe(3);
    expect([1, 2, 3, 4].map(tileRetryDelay)).toEqual([500, 1000, 1500, null]);
  });
});
