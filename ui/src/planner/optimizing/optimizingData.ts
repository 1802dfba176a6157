import {
  isRunFinished,
  slotStates,
  type OptimizingRun,
  type RouteFigures,
  type RoutePoint,
  type RunState,
} from '@nordlog/contracts';
import { formatNumber as formatLocaleNumber } from '../../i18n/numbers';

/**
 * The optimising screens' pure logic (contracts' optimizing/runs.ts and suggestions.ts): query
 * keys and what a pushed row means for them, a run's progress and duration, and how a suggested
 * route compares with the slot's own.
 */

// ------------------------------------------------------------------ query keys

export const OPTIMIZING_RUNS = 'optimizingRuns';
export const ROUTE_SUGGESTIONS = 'routeSuggestions';

/** What a list of runs asks for (query `optimizingRuns`); empty departments: all the user's. */
export interface RunsParams {
  departmentIds: string[];
  fromDate: string;
  toDate: string;
}
export const runsKey = (params: RunsParams) => [OPTIMIZING_RUNS, 'rows', params] as const;

/** What a day's suggestions ask for (query `routeSuggestions`). */
export interface SuggestionsParams {
  departmentIds: string[];
  date: string;
}
/**
 * Suggestions are views (both routes' figures, the suggested schedule) built by the query
 * service: a pushed suggestion row cannot replace one, so the list fetches again.
 */
export const suggestionsKey = (params: SuggestionsParams) =>
  [ROUTE_SUGGESTIONS, 'views', params] as const;
export const isSuggestionsKey = (key: readonly unknown[]): boolean =>
  key[0] === ROUTE_SUGGESTIONS && key[1] === 'views';

/** The live rows as the socket pushes them (the planning board's `LiveChange`). */
export interface LiveChange {
  entity: string;
  id: string;
  op: 'upsert' | 'delete';
  data: unknown;
}

/**
 * For the live connection: whether a pushed run row belongs in a cached list of runs (its
 * department and date are the list's), so a new run joins the list at once and its progress
 * replaces the row. Undefined for any other list (the default rule applies).
 */
export function runBelongs(
  key: readonly unknown[],
  entity: string,
  row: unknown,
): boolean | undefined {
  if (entity !== OPTIMIZING_RUNS || key[0] !== OPTIMIZING_RUNS || key[1] !== 'rows')
    return undefined;
  const params = key[2] as RunsParams | undefined;
  const r = row as Partial<OptimizingRun> | null;
  if (!params || !r || typeof r.date !== 'string') return undefined;
  return (
    (params.departmentIds.length === 0 || params.departmentIds.includes(String(r.departmentId))) &&
    r.date >= params.fromDate &&
    r.date <= params.toDate
  );
}

/**
 * For the live connection: the suggestions a pushed change concerns in a cached day of
 * suggestions (non-empty: the day is fetched again). A suggestion of the day's departments and
 * date, or one the list holds (applied, cancelled or deleted). Undefined for any other list.
 */
export function suggestionsConcerned(
  key: readonly unknown[],
  change: LiveChange,
  cached: unknown,
): string[] | undefined {
  if (!isSuggestionsKey(key)) return undefined;
  if (change.entity !== ROUTE_SUGGESTIONS) return [];
  const id = String(change.id);
  const held =
    Array.isArray(cached) && (cached as { id: unknown }[]).some((s) => String(s.id) === id);
  if (held) return [id];
  const params = key[2] as SuggestionsParams | undefined;
  const row = change.data as { departmentId?: unknown; date?: unknown } | null;
  const belongs =
    !!params &&
    !!row &&
    row.date === params.date &&
    (params.departmentIds.length === 0 || params.departmentIds.includes(String(row.departmentId)));
  return belongs ? [id] : [];
}

// ------------------------------------------------------------------ runs

/**
 * A refetched list of rows with the cached ones that are newer kept (a higher revision: the
 * socket brought it while the answer travelled), so a run never steps back to an older state.
 */
export function keepNewerRows<T extends { id: string; revision: number }>(
  fetched: readonly T[],
  cached: readonly T[] | undefined,
): T[] {
  const seen = new Map((cached ?? []).map((r) => [r.id, r]));
  return fetched.map((r) => {
    const c = seen.get(r.id);
    return c && c.revision > r.revision ? c : r;
  });
}

export const isRunActive = (state: RunState): boolean => !isRunFinished(state);

/**
 * How far a run is, 0 to 1: the time it has used of the seconds it was given (the optimiser
 * stops at its budget). A requested run has not started; a finished one is whole.
 */
export function progressFraction(
  run: Pick<OptimizingRun, 'state' | 'seconds' | 'progress'>,
): number {
  if (isRunFinished(run.state)) return 1;
  if (run.state === 'REQUESTED' || !run.progress || run.seconds <= 0) return 0;
  return Math.min(1, Math.max(0, run.progress.elapsedMs / (run.seconds * 1000)));
}

/** The progress bar's value, 0 to 100. */
export const progressPercent = (run: Pick<OptimizingRun, 'state' | 'seconds' | 'progress'>) =>
  Math.round(progressFraction(run) * 100);

/** How long a run took (or has taken until `now`, while it runs), in milliseconds; null before it starts. */
export function runDurationMs(
  run: Pick<OptimizingRun, 'startedAt' | 'finishedAt' | 'requestedAt'>,
  now: number | null = null,
): number | null {
  const start = run.startedAt ?? null;
  if (!start) return null;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  if (end === null || Number.isNaN(end)) return null;
  return Math.max(0, end - Date.parse(start));
}

/**
 * The newest run of each department among `runs` (by request time; the id breaks a tie): the
 * one the board shows, running or how it ended. In the departments' order of first appearance.
 */
export function latestRunPerDepartment<T extends OptimizingRun>(runs: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const run of runs) {
    const seen = latest.get(run.departmentId);
    if (!seen || newer(run, seen)) latest.set(run.departmentId, run);
  }
  return [...latest.values()].sort((a, b) => a.departmentId.localeCompare(b.departmentId));
}

/** Ids are numbers as text: a longer one is the larger. */
const idOrder = (a: string, b: string): number =>
  a.length !== b.length ? a.length - b.length : a.localeCompare(b);
const newer = (a: OptimizingRun, b: OptimizingRun): boolean =>
  a.requestedAt !== b.requestedAt ? a.requestedAt > b.requestedAt : idOrder(a.id, b.id) > 0;

/** Runs newest first (the admin list). */
export const newestFirst = <T extends OptimizingRun>(runs: readonly T[]): T[] =>
  [...runs].sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0));

/** The run id a refusal names: its params' `runId`, else the first "run {id}" of its text. */
export function runIdOfRefusal(
  params: Record<string, unknown> | undefined,
  description: string | undefined,
): string | null {
  const fromParams = params?.runId;
  if (typeof fromParams === 'string' || typeof fromParams === 'number') return String(fromParams);
  return /\brun\s+(\w+)/i.exec(description ?? '')?.[1] ?? null;
}

// ------------------------------------------------------------------ figures

/** Whether a change of a figure is for the better, for the worse, or none (or does not say). */
export type Trend = 'better' | 'worse' | 'same';

/** The figures a suggested route is compared by; stops only say how many, neither good nor bad. */
export const comparedFigures = ['distanceKm', 'drivingMinutes', 'stops', 'late'] as const;
export type ComparedFigure = (typeof comparedFigures)[number];

export interface FigureComparison {
  figure: ComparedFigure;
  current: number;
  suggested: number;
  /** Suggested less current. */
  difference: number;
  trend: Trend;
}

/** Figures within this of each other count as equal (kilometres and minutes are rounded). */
const EPSILON = 0.05;

/**
 * The suggested route's figures beside the current ones: each difference (suggested less
 * current) and whether it is better. Less is better for distance, driving time and late stops;
 * a different number of stops is neither.
 */
export function compareRoutes(current: RouteFigures, suggested: RouteFigures): FigureComparison[] {
  return comparedFigures.map((figure) => {
    const a = current[figure];
    const b = suggested[figure];
    const difference = b - a;
    const trend: Trend =
      figure === 'stops' || Math.abs(difference) < EPSILON
        ? 'same'
        : difference < 0
          ? 'better'
          : 'worse';
    return { figure, current: a, suggested: b, difference, trend };
  });
}

/** The trend of a plan's figure after a run (fewer kilometres, vehicles or left-out is better). */
export function planTrend(before: number, after: number): Trend {
  const d = after - before;
  return Math.abs(d) < EPSILON ? 'same' : d < 0 ? 'better' : 'worse';
}

/** A figure in the user's language: at most `digits` decimals (the app's one number format). */
export function formatNumber(n: number, locale: string, digits = 1): string {
  return formatLocaleNumber(n, locale, { digits });
}

/** A difference with its sign ("+1.5", "−2", "0"); the minus is the typographic one. */
export function formatSigned(n: number, locale: string, digits = 1): string {
  const rounded = Number(n.toFixed(digits));
  if (rounded === 0) return '0';
  const text = formatNumber(Math.abs(rounded), locale, digits);
  return rounded > 0 ? `+${text}` : `\u2212${text}`;
}

/** Seconds with one decimal ("12.5"), for elapsed time and durations. */
export const formatSeconds = (ms: number, locale: string): string =>
  formatNumber(ms / 1000, locale, 1);

// ------------------------------------------------------------------ shipments of a suggestion

/** How a consignment is named on the board: its shipment id (else its id) and the stop's name. */
export interface ConsignmentName {
  id: string;
  label: string;
}

/**
 * Names of consignments from route points (of suggestions and slots) and rows (the unassigned
 * ones): the first source that knows one wins; an unknown one is named by its id.
 */
export function consignmentNames(
  ids: readonly string[],
  points: readonly RoutePoint[],
  rows: readonly { id: string; shipmentId?: string | null }[] = [],
): ConsignmentName[] {
  const known = new Map<string, string>();
  for (const p of points) {
    if (!p.consignmentId || known.has(p.consignmentId)) continue;
    const head = p.shipmentId ?? p.consignmentId;
    known.set(p.consignmentId, p.name ? `${head} ${p.name}` : head);
  }
  for (const r of rows) if (!known.has(r.id)) known.set(r.id, r.shipmentId ?? r.id);
  return ids.map((id) => ({ id, label: known.get(id) ?? id }));
}

/** The seconds a planner may give a day's run (contracts' RUN_SECONDS bounds it, 1 to 120). */
export const secondsChoices = [5, 10, 20, 30, 60, 120] as const;

type Translate = (key: string, options?: Record<string, unknown>) => string;
const MISSING = '\u0000missing\u0000';

/**
 * Why a slot or consignment stayed out of a run, in the user's language: the optimiser's reasons
 * and the run's own (`optimizing.reason.*`), a slot's state by its label, else the text as sent.
 */
export function reasonText(reason: string, translate: Translate): string {
  const own = translate(`optimizing.reason.${reason}`, { _: MISSING });
  if (own !== MISSING) return own;
  if ((slotStates as readonly string[]).includes(reason))
    return translate(`enums.slotState.${reason}`);
  return reason;
}

// ------------------------------------------------------------------ applying a day's suggestions

/** APPLY_SUGGESTED_ROUTE's payload (spec §7): the suggestion as it is, the break where it stands. */
export interface ApplyPayload {
  slot: string;
  assignToSlot: boolean;
  consignmentIdsToUnassign: string[];
  updatedBreak: { afterStops: number } | null;
  deleteBreak: boolean;
}

type Applicable = { slotId: string; adding: readonly string[]; leaving: readonly string[] };

/** Applying one suggestion: its shipments onto the slot, those it leaves out unassigned. */
export const applyPayload = (s: Applicable): ApplyPayload => ({
  slot: s.slotId,
  assignToSlot: true,
  consignmentIdsToUnassign: [...s.leaving],
  updatedBreak: null,
  deleteBreak: false,
});

/**
 * Applying every suggestion of a day, one after the other ("Apply all"). A shipment one slot
 * leaves out that another slot's suggestion takes moves there rather than being unassigned: it is
 * not in the first slot's unassign list (once moved it is no longer on that slot, which the
 * command would refuse; not moved yet, it waits at the end of the route until it is). Slots that
 * take shipments from the others go first, so each later slot finds them gone already.
 */
export function applyAllPayloads(list: readonly Applicable[]): ApplyPayload[] {
  const takenBy = new Map<string, string>();
  for (const s of list) for (const id of s.adding) takenBy.set(id, s.slotId);
  const movedAway = (s: Applicable) =>
    s.leaving.filter((id) => takenBy.has(id) && takenBy.get(id) !== s.slotId);
  const takes = (s: Applicable) =>
    list.some((o) => o !== s && o.leaving.some((id) => takenBy.get(id) === s.slotId));
  const ordered = [...list.filter(takes), ...list.filter((s) => !takes(s))];
  return ordered.map((s) => {
    const moved = new Set(movedAway(s));
    return {
      ...applyPayload(s),
      consignmentIdsToUnassign: s.leaving.filter((id) => !moved.has(id)),
    };
  });
}
