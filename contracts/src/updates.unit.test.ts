import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { commandSchemas, type CommandName } from './registry.js';
import { commandKinds, updateCommands, type UpdateCommand } from './commandKinds.js';
import { mergeOrderUpdate } from './consignments/order.js';

const updates = Object.entries(updateCommands) as [
  keyof typeof updateCommands,
  (typeof updateCommands)[keyof typeof updateCommands],
][];

describe('update semantics: a field left out is unchanged, null clears only where allowed', () => {
  it('every command of kind update is in the update table, and only those', () => {
    const ofKind = (Object.keys(commandKinds) as CommandName[]).filter(
      (name) => commandKinds[name] === 'update',
    );
    expect(ofKind.sort()).toEqual(Object.keys(updateCommands).sort());
    // Every command is classified (the type demands it; this catches a cast).
    expect(Object.keys(commandKinds).sort()).toEqual(Object.keys(commandSchemas).sort());
  });

  for (const [name, command] of updates) {
    const { idField, create } = command;
    const schema = commandSchemas[name] as unknown as z.ZodObject;
    // The entity's id and the parent it belongs to (`keys`: a deviation's order).
    const keys = (command as UpdateCommand).keys ?? [];
    const ids = Object.fromEntries([idField, ...keys].map((k) => [k, '1']));

    it(`${name}: an update naming no field parses to its id alone (no default applied)`, () => {
      expect(schema).toBeInstanceOf(z.ZodObject);
      expect(schema.parse(ids)).toEqual(ids);
      expect(commandKinds[create]).toBe('create');
    });

    it(`${name}: each field named alone parses to that field alone; null is kept or refused, never replaced`, () => {
      for (const field of Object.keys(schema.shape)) {
        if (field in ids) continue;
        const nulled = schema.safeParse({ ...ids, [field]: null });
        if (nulled.success) expect(nulled.data).toEqual({ ...ids, [field]: null });
        const undef = schema.parse({ ...ids, [field]: undefined });
        const named = Object.keys(undef).filter((k) => undef[k] !== undefined);
        expect({ field, keys: named.sort() }).toEqual({ field, keys: Object.keys(ids).sort() });
      }
    });
  }

  it('UPDATE_ORDER: the stored order with the named fields put in; a following delivery date follows', () => {
    const stored = { pickupDate: '2026-12-01', deliveryDate: '2026-12-01', orderNote: 'a' };
    expect(mergeOrderUpdate(stored, { orderNote: 'b', customerRef: undefined })).toEqual({
      ...stored,
      orderNote: 'b',
    });
    expect(mergeOrderUpdate(stored, { pickupDate: '2026-12-02' })).toEqual({
      pickupDate: '2026-12-02',
      orderNote: 'a',
    });
    const own = { ...stored, deliveryDate: '2026-12-03' };
    expect(mergeOrderUpdate(own, { pickupDate: '2026-12-02' })).toEqual({
      ...own,
      pickupDate: '2026-12-02',
    });
  });
});
