import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { nullIslandRefusing, position } from './common.js';
import { commandSchemas } from './registry.js';
import { walkSchema } from './schemaWalk.js';

/** The coordinate pairs a position is spelt with in commands. */
const PAIRS = [
  ['lat', 'lng'],
  ['latitude', 'longitude'],
] as const;

interface Found {
  path: string;
  schema: z.ZodType;
}

/** Every object schema inside `schema` that holds a coordinate pair, with its path. */
function positionsIn(schema: z.ZodType): Found[] {
  const out: Found[] = [];
  walkSchema(schema, ({ schema: node, shape, path }) => {
    if (shape && PAIRS.some(([a, b]) => a in shape && b in shape))
      out.push({ path, schema: node as z.ZodType });
  });
  return out;
}

const found = Object.entries(commandSchemas).flatMap(([name, schema]) => {
  return positionsIn(schema as z.ZodType).map((f) => ({
    ...f,
    path: f.path ? `${name}.${f.path}` : name,
  }));
});

describe('no 0,0 as a position in any command (issue 36)', () => {
  it('the walk finds the positions of the registry (orders, addresses, departments, couriers, pins, units)', () => {
    const paths = found.map((f) => f.path);
    for (const expected of [
      'CREATE_ORDER.pickup',
      'CREATE_ORDER.delivery',
      'UPDATE_ORDER.delivery',
      'RESOLVE_ADDRESS',
      'PIN_ADDRESS',
      'SET_COURIER_LOCATION',
      'CREATE_DEPARTMENT.location',
      'CREATE_UNIT.startLocation',
      'CREATE_UNIT.endLocation',
      'UPDATE_UNIT.startLocation',
      'UPDATE_UNIT.endLocation',
    ])
      expect(paths).toContain(expected);
  });

  it('every position field of every command refuses 0,0 by the one shared refinement', () => {
    // No exceptions: the unit's depot, the last one, is an address or none (0041-depot.md).
    const open = found.filter((f) => !nullIslandRefusing.has(f.schema)).map((f) => f.path);
    expect(open).toEqual([]);
  });

  it('the shared refinement refuses 0,0 and only 0,0, in every refusing schema', () => {
    expect(position.safeParse({ lat: 0, lng: 0 }).success).toBe(false);
    expect(position.safeParse({ lat: 0, lng: 10.75 }).success).toBe(true);
    expect(position.safeParse({ lat: 59.91, lng: 0 }).success).toBe(true);
    // Each found object alone: 0,0 gives the refinement's issue at the latitude, whatever else
    // the object misses; a real point gives none there.
    for (const { path, schema } of found.filter((f) => nullIslandRefusing.has(f.schema))) {
      const shape = (schema as unknown as { shape: Record<string, unknown> }).shape;
      const [lat, lng] = PAIRS.find(([a, b]) => a in shape && b in shape)!;
      const issuesAt = (value: Record<string, unknown>) =>
        (schema.safeParse(value).error?.issues ?? []).filter(
          (i) => i.path.join('.') === lat && i.message === 'validation.coordinates',
        );
      // Refinements run once the object itself parses: give the others a valid sample.
      const sample = samples[path.split('.')[0]!] ?? {};
      const base = path.includes('.') ? {} : sample;
      expect([path, issuesAt({ ...base, [lat]: 0, [lng]: 0 }).length]).toEqual([path, 1]);
      expect([path, issuesAt({ ...base, [lat]: 59.91, [lng]: 10.75 }).length]).toEqual([path, 0]);
    }
  });
});

/** Valid fields besides the position for the commands whose position sits on the payload itself. */
const samples: Record<string, Record<string, unknown>> = {
  RESOLVE_ADDRESS: { consignmentId: '1' },
  PIN_ADDRESS: { departmentId: '1', address: 'Storgata 1', countryCode: 'NO' },
  SET_COURIER_LOCATION: {
    courierId: '1',
    accuracy: 10,
    timestamp: '2026-12-02T06:00:00.000Z',
  },
};
