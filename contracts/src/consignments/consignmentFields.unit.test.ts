import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { scopeOf } from '../entities.js';
import { consignmentRowKeyFields } from './gridRow.js';
import { consignmentStates } from './states.js';

describe('a consignment row cut to the fields a selection always carries', () => {
  it('has the same access scope as the whole row, whatever the row (the answer filter and the socket judge on it)', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.integer({ min: 1 }).map(String),
          departmentId: fc.integer({ min: 1, max: 50 }).map(String),
          customerId: fc.integer({ min: 1, max: 50 }).map(String),
          date: fc
            .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          state: fc.constantFrom(...consignmentStates),
          slotId: fc.option(fc.integer({ min: 1 }).map(String)),
          deliveryName: fc.string(),
          revision: fc.nat(),
          updatedAtEpoch: fc.nat(),
        }),
        (row) => {
          const cut = Object.fromEntries(
            consignmentRowKeyFields.map((f) => [f, (row as Record<string, unknown>)[f]]),
          );
          expect(scopeOf('consignments', cut)).toEqual(scopeOf('consignments', row));
        },
      ),
    );
  });
});
