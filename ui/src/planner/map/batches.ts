import { CLUSTERER } from './constants';

/**
 * Spec §9 clusterer "batch size 2000": adds items to the map in batches, the first at once and
 * each next one on the next frame, so a day of many thousand stops never blocks the page for
 * long. Returns a function that stops what is still to come.
 */
export function addInBatches<T>(
  items: readonly T[],
  add: (item: T) => void,
  nextFrame: (fn: () => void) => number,
  cancelFrame: (handle: number) => void,
  size: number = CLUSTERER.batchSize,
): () => void {
  let next = 0;
  let handle: number | null = null;
  const step = () => {
    handle = null;
    const end = Math.min(next + size, items.length);
    for (; next < end; next++) add(items[next]!);
    if (next < items.length) handle = nextFrame(step);
  };
  step();
  return () => {
    if (handle !== null) cancelFrame(handle);
    handle = null;
  };
}
