import { sealedGroups } from './inventory.js';
import { erasedValue } from './kinds.js';

/** One subject's personal values of an event: concrete paths (`pages.3.receiver.name`) to values. */
export type PersonalPatch = Record<string, unknown>;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function get(container: Json, path: string): unknown {
  let at: unknown = container;
  for (const key of path.split('.')) {
    if (!isObject(at) && !Array.isArray(at)) return undefined;
    at = (at as Json)[key];
  }
  return at;
}

/**
 * A copy of data that is written into path by path: each object or array on a path is copied the
 * first time a path passes it, and everything else is shared with the original. The original is
 * never changed; copying only what a path touches keeps opening and sealing an event (an order
 * of a hundred fields with a dozen personal ones) from cloning the whole of it every time.
 */
class PathCopy {
  readonly root: Json;
  private readonly copies = new WeakSet<object>();

  constructor(data: Json) {
    this.root = { ...data };
    this.copies.add(this.root);
  }

  set(path: string, value: unknown): void {
    const keys = path.split('.');
    let at: Json = this.root;
    for (const key of keys.slice(0, -1)) {
      const next = at[key];
      if (!isObject(next) && !Array.isArray(next)) return;
      let child = next as Json;
      if (!this.copies.has(child)) {
        child = (Array.isArray(next) ? [...(next as unknown[])] : { ...next }) as Json;
        this.copies.add(child);
        at[key] = child;
      }
      at = child;
    }
    at[keys[keys.length - 1]!] = value;
  }
}

/** The containers of a group: the data itself, or each element of an array (`pages[]`). */
function containers(data: Json, at: string): { prefix: string; container: Json }[] {
  if (at === '') return [{ prefix: '', container: data }];
  const arrayPath = at.replace(/\[\]$/, '');
  const list = get(data, arrayPath);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, i) =>
    isObject(item) ? [{ prefix: `${arrayPath}.${i}.`, container: item }] : [],
  );
}

/**
 * An event's data split for sealing: a copy with every personal field of a sealed group set to
 * its erased value (what is stored in clear, and what the event reads as once erased), and per
 * subject the values taken out. Data without personal values comes back as it was (same object)
 * with no patches.
 */
export function splitPersonal(
  type: string,
  streamId: string,
  data: unknown,
): { stored: unknown; patches: Map<string, PersonalPatch> } {
  const patches = new Map<string, PersonalPatch>();
  const groups = sealedGroups(type);
  if (groups.length === 0 || !isObject(data)) return { stored: data, patches };
  let stored: PathCopy | null = null;
  for (const group of groups) {
    for (const { prefix, container } of containers(data, group.at)) {
      const subject = group.subject(container, streamId);
      if (!subject) continue;
      for (const [field, kind] of Object.entries(group.fields)) {
        const value = get(container, field);
        if (value === undefined || value === null || value === '') continue;
        const erased = erasedValue(kind, value);
        if (erased === value) continue;
        stored ??= new PathCopy(data);
        stored.set(prefix + field, erased);
        const patch = patches.get(subject) ?? {};
        patch[prefix + field] = value;
        patches.set(subject, patch);
      }
    }
  }
  return { stored: stored?.root ?? data, patches };
}

/**
 * The stored data with a subject's personal values put back: a copy of what the patches touch,
 * sharing the rest with `data`, which is not changed.
 */
export function applyPersonal(data: unknown, patches: readonly PersonalPatch[]): unknown {
  if (patches.length === 0 || !isObject(data)) return data;
  const copy = new PathCopy(data);
  for (const patch of patches)
    for (const [path, value] of Object.entries(patch)) copy.set(path, value);
  return copy.root;
}
