/** One sorted column, or none (spec §4 grid behaviour). */
export interface SortState {
  columnId: string;
  desc: boolean;
}

/**
 * Spec §4: a header click cycles its column ascending → descending → unsorted; a click on another
 * column starts that one ascending.
 */
export function cycleSort(current: SortState | null, columnId: string): SortState | null {
  if (!current || current.columnId !== columnId) return { columnId, desc: false };
  return current.desc ? null : { columnId, desc: true };
}

export type SortValue = string | number | boolean | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Compares two cell values ascending: numbers as numbers, text in natural order (`A2` before
 * `A10`), and empty values (null, undefined, '') last whatever the direction.
 */
export function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
