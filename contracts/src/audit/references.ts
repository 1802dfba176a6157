import { commandReferences, type ReferenceEntity } from '../commandReferences.js';
import type { AuditLog } from './index.js';

/**
 * The records an order's fields name, by the field's own name, for the audit replay to show by
 * name (issue 36: no bare "Slot 1"). Taken from what the order's commands declare they reference
 * (contracts/commandReferences.ts), so a field a booking gains later is named too, and from the
 * fields planning and moves set on the order row itself. Only entities that have a name.
 */
export const NAMED_ENTITIES = ['departments', 'customers', 'slots', 'units', 'couriers'] as const;
export type NamedEntity = (typeof NAMED_ENTITIES)[number];

const isNamed = (entity: ReferenceEntity | object): entity is NamedEntity =>
  typeof entity === 'string' && (NAMED_ENTITIES as readonly string[]).includes(entity);

/** The order row's own reference fields (set by moving, planning and booking). */
const ROW_FIELDS: Record<string, NamedEntity> = {
  departmentId: 'departments',
  customerId: 'customers',
  slotId: 'slots',
};

/** Field name (the last step of its path, without `[]`) → the entity it names. */
export const ORDER_NAMED_FIELDS: Readonly<Record<string, NamedEntity>> = Object.freeze({
  ...Object.fromEntries(
    [commandReferences.CREATE_ORDER, commandReferences.UPDATE_ORDER].flatMap((declared) =>
      Object.entries(declared).flatMap(([path, entity]) =>
        isNamed(entity) ? [[path.split('.').pop()!.replace('[]', ''), entity] as const] : [],
      ),
    ),
  ),
  ...ROW_FIELDS,
});

/** A record an order named in its history, with its name now (and a slot's day). */
export type AuditReference = AuditLog['references'][number];

// The answer's type spells the entities out (no import back into this file, which would close a
// circle through the registry): the two lists must agree.
const sameEntities: [AuditReference['entity'], NamedEntity] extends [
  NamedEntity,
  AuditReference['entity'],
]
  ? true
  : never = true;
void sameEntities;

/**
 * Every (entity, id) named in a value of the order's history: a field of ORDER_NAMED_FIELDS
 * holding an id, inside records and lists at any depth. `field` is the name the value sits under.
 */
export function namedIds(value: unknown, field: string, into: Map<NamedEntity, Set<string>>) {
  if (value === null || value === undefined) return into;
  if (Array.isArray(value)) {
    for (const v of value) namedIds(v, field, into);
    return into;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) namedIds(v, k, into);
    return into;
  }
  const entity = ORDER_NAMED_FIELDS[field];
  if (entity && (typeof value === 'string' || typeof value === 'number') && String(value) !== '') {
    const ids = into.get(entity) ?? new Set<string>();
    ids.add(String(value));
    into.set(entity, ids);
  }
  return into;
}
