import { describe, expect, it } from '@jest/globals';
import { entityAccess, isEntityName } from '@nordlog/contracts';
import { projections } from './projections.js';

describe('socket scope = query access: every published entity has one rule (docs/decisions/0018)', () => {
  it('every entity a projection publishes is in contracts entityAccess, with its table', () => {
    const published = projections.flatMap((p) => p.entities.map((e) => [p, e] as const));
    expect(published.length).toBeGreaterThan(0);
    for (const [projection, entity] of published) {
      expect({ entity, known: isEntityName(entity) }).toEqual({ entity, known: true });
      expect(projection.tables).toContain(entityAccess[entity].table);
    }
  });

  it('every entity of the table is published by exactly one projection', () => {
    const published = projections.flatMap((p) => p.entities);
    expect([...published].sort()).toEqual(Object.keys(entityAccess).sort());
  });
});
