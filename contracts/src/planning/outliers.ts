import { greatCircleMetres, type LatLng } from './travel.js';

/** A stop farther than this (straight line) from every other stop of its route is an outlier. */
export const OUTLIER_KM = 30;

/**
 * Which stops of one route are outliers (issue 36): a placed stop more than `km` kilometres in a
 * straight line from every other placed stop of the route, which is most often an address placed
 * at the wrong town (a house number read as a postal code). Unplaced stops (null) are never
 * outliers and count for nothing; a route with one placed stop has none. The planning route list
 * and the planner's map both flag stops by this one function. Answers one flag per stop, in order.
 */
export function outlierStops(
  points: readonly (LatLng | null | undefined)[],
  km: number = OUTLIER_KM,
): boolean[] {
  const limit = km * 1000;
  return points.map((p, i) => {
    if (!p) return false;
    let others = 0;
    for (let j = 0; j < points.length; j++) {
      const q = points[j];
      if (j === i || !q) continue;
      others++;
      if (greatCircleMetres(p, q) <= limit) return false;
    }
    return others > 0;
  });
}
