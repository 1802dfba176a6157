import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  entityAccess,
  eventPrivacy,
  looksPersonal,
  readModelPrivacy,
  type EntityName,
  type EventPrivacy,
} from '@nordlog/contracts';
import { projections } from '@nordlog/projector';
import { startPrivacyDay, type PrivacyDay } from './privacyDay.js';

/**
 * The personal data inventory (issue 38 §1, docs/decisions/0050-personal-data.md) against a real
 * day: every field of every event and every read-model row whose name looks personal (a name,
 * phone, e-mail, address, position, free text…) and holds a value is classified, as personal or as
 * not personal with a reason. A new event or field fails here until it is.
 */
let world: PrivacyDay;
beforeAll(async () => {
  world = await startPrivacyDay();
}, 180_000);
afterAll(async () => world?.day.sys.shutdown());

/** The paths (`a.b`, `list[]`) of a value's leaves that hold a string or a number. */
function leafPaths(value: unknown, at = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) leafPaths(v, `${at}[]`, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leafPaths(v, at ? `${at}.${k}` : k, out);
  else if ((typeof value === 'string' && value !== '') || typeof value === 'number') out.add(at);
  return out;
}

const lastKey = (path: string) => path.replace(/\[\]/g, '').split('.').at(-1)!;

/** The data paths an event type's inventory names, personal or not. */
function classifiedPaths(privacy: EventPrivacy): Set<string> {
  const paths = new Set(Object.keys(privacy.notPersonal ?? {}));
  for (const group of privacy.personal)
    for (const field of Object.keys(group.fields))
      paths.add(group.at ? `${group.at}.${field}` : field);
  return paths;
}

describe('the personal data inventory', () => {
  it('classifies every personal-looking field of every event of a day', async () => {
    const events = await world.day.sys.store.readAll({ transactionId: '0', position: '0' }, 1e6);
    const unknownTypes = new Set<string>();
    const unclassified = new Set<string>();
    for (const e of events) {
      const privacy = (eventPrivacy as Record<string, EventPrivacy | undefined>)[e.type];
      if (!privacy) {
        unknownTypes.add(e.type);
        continue;
      }
      const known = classifiedPaths(privacy);
      for (const path of leafPaths(e.data))
        if (looksPersonal(lastKey(path)) && !known.has(path)) unclassified.add(`${e.type} ${path}`);
    }
    expect([...unknownTypes]).toEqual([]);
    expect([...unclassified].sort()).toEqual([]);
    // The day reaches the kinds of events that carry personal data.
    const types = new Set(events.map((e) => e.type));
    for (const t of ['OrderCreated', 'OrderUpdated', 'LabelCreated', 'ConsignmentDelivered'])
      expect(types).toContain(t);
  });

  it('classifies every personal-looking field of every read-model row of a day', async () => {
    const knex = world.day.sys.db.knex;
    const unclassified = new Set<string>();
    for (const [entity, access] of Object.entries(entityAccess)) {
      const privacy = readModelPrivacy[entity as EntityName];
      if (privacy.eventData) {
        const rows = (
          await knex.raw<{ rows: { type: string; data: unknown }[] }>(
            `select event_type as type, data from ${access.table}`,
          )
        ).rows;
        for (const row of rows) {
          const known = classifiedPaths(eventPrivacy[row.type as keyof typeof eventPrivacy]);
          for (const path of leafPaths(row.data))
            if (looksPersonal(lastKey(path)) && !known.has(path))
              unclassified.add(`${entity} (${row.type}) ${path}`);
        }
        continue;
      }
      const known = new Set([
        ...Object.keys(privacy.personal),
        ...Object.keys(privacy.notPersonal ?? {}),
      ]);
      const rows = (
        await knex.raw<{ rows: { data: unknown }[] }>(`select data from ${access.table}`)
      ).rows;
      for (const row of rows)
        for (const path of leafPaths(row.data))
          if (looksPersonal(lastKey(path)) && !known.has(path))
            unclassified.add(`${entity} ${path}`);
    }
    expect([...unclassified].sort()).toEqual([]);
  });

  it('folds again on erasure every read model that holds data of an erasable subject', () => {
    const erasable = (Object.keys(readModelPrivacy) as EntityName[]).filter(
      (entity) => readModelPrivacy[entity].subject === 'order',
    );
    for (const entity of erasable) {
      const owner = projections.find((p) => p.entities.includes(entity));
      expect({ entity, refolds: Boolean(owner?.refold) }).toEqual({ entity, refolds: true });
    }
  });
});
