/** One step into a JSON value: an object's key or an array's index. */
export type JsonPathStep = string | number;

/**
 * One field that differs between two JSON values: where, and its value before and after. A field
 * that did not exist on one side has no `before` (added) or no `after` (removed).
 */
export interface FieldChange {
  path: JsonPathStep[];
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Equal as JSON values (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]))
  );
}

function walk(a: unknown, b: unknown, path: JsonPathStep[], out: FieldChange[]): void {
  if (jsonEqual(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) walk(a[i], b[i], [...path, i], out);
    for (let i = common; i < b.length; i++) out.push({ path: [...path, i], after: b[i] });
    // Last first: removing them in this order leaves the earlier indexes where they are.
    for (let i = a.length - 1; i >= common; i--) out.push({ path: [...path, i], before: a[i] });
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      if (Object.hasOwn(b, key)) walk(a[key], b[key], [...path, key], out);
      else out.push({ path: [...path, key], before: a[key] });
    }
    for (const key of Object.keys(b))
      if (!Object.hasOwn(a, key)) out.push({ path: [...path, key], after: b[key] });
    return;
  }
  out.push({ path, before: a, after: b });
}

/**
 * The field-level difference of two JSON values, leaf by leaf: objects key by key, arrays index
 * by index (a value whose kind changes is one change). `applyDiff(a, diffJson(a, b))` is `b`.
 */
export function diffJson(a: unknown, b: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(a, b, [], out);
  return out;
}

const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Sets an own property, also one named `__proto__` (plain assignment would not). */
function put(target: Record<string, unknown> | unknown[], key: JsonPathStep, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** `value` with the changes made, in order (a copy; `value` is left as it is). */
export function applyDiff(value: unknown, changes: readonly FieldChange[]): unknown {
  let root = copy(value);
  for (const change of changes) {
    const last = change.path[change.path.length - 1];
    if (last === undefined) {
      root = copy(change.after);
      continue;
    }
    let parent = root as Record<string, unknown> | unknown[];
    for (const step of change.path.slice(0, -1))
      parent = (parent as Record<string, unknown>)[step] as Record<string, unknown>;
    if (Object.hasOwn(change, 'after')) put(parent, last, copy(change.after));
    else if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  }
  return root;
}

/** A path as people read it: `order.delivery.phone`, `order.measurements.0.weight`. */
export const pathText = (path: readonly JsonPathStep[]): string => path.join('.');
