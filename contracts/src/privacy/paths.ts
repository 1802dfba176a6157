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

function set(container: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  let at: unknown = container;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(at) && !Array.isArray(at)) return;
    at = (at as Json)[key];
  }
  if (isObject(at) || Array.isArray(at)) (at as Json)[keys[keys.length - 1]!] = value;
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
  let stored: Json | null = null;
  for (const group of groups) {
    for (const { prefix, container } of containers(data, group.at)) {
      const subject = group.subject(container, streamId);
      if (!subject) continue;
      for (const [field, kind] of Object.entries(group.fields)) {
        const value = get(container, field);
        if (value === undefined || value === null || value === '') continue;
        const erased = erasedValue(kind, value);
        if (erased === value) continue;
        stored ??= structuredClone(data);
        set(stored, prefix + field, erased);
        const patch = patches.get(subject) ?? {};
        patch[prefix + field] = value;
        patches.set(subject, patch);
      }
    }
  }
  return { stored: stored ?? data, patches };
}

/** The stored data with a subject's personal values put back (a copy; `data` is not changed). */
export function applyPersonal(data: unknown, patches: readonly PersonalPatch[]): unknown {
  if (patches.length === 0 || !isObject(data)) return data;
  const copy = structuredClone(data);
  for (const patch of patches)
    for (const [path, value] of Object.entries(patch)) set(copy, path, value);
  return copy;
}
