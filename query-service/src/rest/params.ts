import { AppError, REST_MAX_PAGE } from '@nordlog/contracts';

export type Scalar = string | number | boolean | null;
export type FilterValue = Scalar | Scalar[];

/** A list request of ra-data-simple-rest: `sort=["f","ASC"]&range=[0,24]&filter={…}`. */
export interface ListParams {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  /** Inclusive, like the `Content-Range` it is answered with. */
  range: { start: number; end: number };
  filter: Record<string, FilterValue>;
}

const bad = (description: string) => new AppError('BAD_REQUEST', description);

function jsonParam(query: Record<string, unknown>, name: string): unknown {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw bad(`${name}: give it once, as JSON`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw bad(`${name}: not valid JSON`);
  }
}

const isScalar = (v: unknown): v is Scalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Parses and checks the shape of the three JSON parameters (400 in the spec §8 body shape). */
export function parseListParams(query: Record<string, unknown>): ListParams {
  const sortRaw = jsonParam(query, 'sort');
  let sort: ListParams['sort'] = null;
  if (sortRaw !== undefined) {
    if (
      !Array.isArray(sortRaw) ||
      sortRaw.length !== 2 ||
      typeof sortRaw[0] !== 'string' ||
      typeof sortRaw[1] !== 'string' ||
      !['ASC', 'DESC'].includes(sortRaw[1].toUpperCase())
    )
      throw bad('sort: expected ["field","ASC"] or ["field","DESC"]');
    sort = { field: sortRaw[0], order: sortRaw[1].toUpperCase() as 'ASC' | 'DESC' };
  }

  const rangeRaw = jsonParam(query, 'range');
  let range = { start: 0, end: REST_MAX_PAGE - 1 };
  if (rangeRaw !== undefined) {
    if (
      !Array.isArray(rangeRaw) ||
      rangeRaw.length !== 2 ||
      !rangeRaw.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) ||
      (rangeRaw[0] as number) > (rangeRaw[1] as number)
    )
      throw bad('range: expected [start,end], whole numbers with 0 <= start <= end');
    const [start, end] = rangeRaw as [number, number];
    range = { start, end: Math.min(end, start + REST_MAX_PAGE - 1) };
  }

  const filterRaw = jsonParam(query, 'filter');
  const filter: Record<string, FilterValue> = {};
  if (filterRaw !== undefined) {
    if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw))
      throw bad('filter: expected a JSON object');
    for (const [key, value] of Object.entries(filterRaw)) {
      if (isScalar(value)) filter[key] = value;
      else if (Array.isArray(value) && value.every(isScalar)) filter[key] = value;
      else throw bad(`filter.${key}: a value or a list of values`);
    }
  }
  return { sort, range, filter };
}

/** The `Content-Range` value of a list answer (`{resource} {start}-{end}/{total}`). */
export function contentRange(resource: string, start: number, count: number, total: number) {
  return count === 0
    ? `${resource} */${total}`
    : `${resource} ${start}-${start + count - 1}/${total}`;
}
