import { describe, expect, it } from '@jest/globals';
import type { AppError, MatrixEntry, MatrixEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { matrixDecider } from './decider.js';

const entry = (over: Partial<MatrixEntry> = {}): MatrixEntry => ({
  id: '1',
  departmentId: '10',
  name: 'Oslo',
  postalCodeFrom: '0100',
  postalCodeTo: '0199',
  serviceCodes: ['EXPRESS'],
  leadTimeDays: 1,
  deliveryWeekdays: [],
  ...over,
});
const created = (e: MatrixEntry): MatrixEvent => ({ type: 'MatrixEntryCreated', data: e });
const fields = ({ id: _id, ...rest }: MatrixEntry) => rest;
const create = (e: MatrixEntry, country: 'NO' | 'SE' = 'NO') => ({
  type: 'create' as const,
  id: e.id,
  fields: fields(e),
  country,
});

/** The refused fields and keys of a decision. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (e) {
    const items = (e as AppError).items;
    return Object.fromEntries(items.map((i) => [i.params?.field, i.params?.key]));
  }
  throw new Error('not refused');
}

describe('the department matrix decider (docs/decisions/0079)', () => {
  it('creates, updates and deletes an entry; the weekdays are kept Monday first', () => {
    given(matrixDecider)
      .when(create(entry({ deliveryWeekdays: ['FRI', 'MON'] })))
      .then([created(entry({ deliveryWeekdays: ['MON', 'FRI'] }))]);
    given(matrixDecider, [created(entry())])
      .when({ type: 'update', id: '1', changes: { leadTimeDays: 3 }, country: null })
      .then([{ type: 'MatrixEntryUpdated', data: { id: '1', changes: { leadTimeDays: 3 } } }]);
    given(matrixDecider, [created(entry())])
      .when({ type: 'delete', id: '1' })
      .then([{ type: 'MatrixEntryDeleted', data: { id: '1' } }]);
  });

  it('refuses an overlapping range for the same service of the same department on postalCodeFrom, naming the other entry', () => {
    const state = [created(entry())].reduce(matrixDecider.evolve, matrixDecider.initialState);
    const overlapping = entry({ id: '2', postalCodeFrom: '0199', postalCodeTo: '0299' });
    expect(refusal(() => matrixDecider.decide(create(overlapping), state))).toEqual({
      postalCodeFrom: 'validation.rangeOverlap',
    });
    expect(() => matrixDecider.decide(create(overlapping), state)).toThrow(/matrix entry 1\b/);
    // Another service on the same codes, or the same service in another department, is fine.
    given(matrixDecider, [created(entry())])
      .when(create({ ...overlapping, serviceCodes: ['ECONOMY'] }))
      .then([created({ ...overlapping, serviceCodes: ['ECONOMY'] })]);
    given(matrixDecider, [created(entry())])
      .when(create({ ...overlapping, departmentId: '11' }))
      .then([created({ ...overlapping, departmentId: '11' })]);
  });

  it("refuses codes that do not fit the department's country, and an update that makes a clash or an inverted range", () => {
    expect(
      refusal(() => matrixDecider.decide(create(entry(), 'SE'), matrixDecider.initialState)),
    ).toEqual({
      postalCodeFrom: 'validation.zipCodeSE',
      postalCodeTo: 'validation.zipCodeSE',
    });
    const state = [
      created(entry()),
      created(entry({ id: '2', postalCodeFrom: '0300', postalCodeTo: '0399' })),
    ].reduce(matrixDecider.evolve, matrixDecider.initialState);
    expect(
      refusal(() =>
        matrixDecider.decide(
          { type: 'update', id: '2', changes: { postalCodeFrom: '0150' }, country: 'NO' },
          state,
        ),
      ),
    ).toEqual({ postalCodeFrom: 'validation.rangeOverlap' });
    expect(
      refusal(() =>
        matrixDecider.decide(
          { type: 'update', id: '2', changes: { postalCodeTo: '0250' }, country: 'NO' },
          state,
        ),
      ),
    ).toEqual({ postalCodeTo: 'validation.postalCodeRange' });
  });

  it('an update that changes nothing appends nothing; an unknown entry is NOT_FOUND', () => {
    given(matrixDecider, [created(entry({ deliveryWeekdays: ['MON', 'TUE'] }))])
      .when({
        type: 'update',
        id: '1',
        changes: { serviceCodes: ['EXPRESS'], deliveryWeekdays: ['TUE', 'MON'] },
        country: null,
      })
      .thenNothing();
    given(matrixDecider)
      .when({ type: 'update', id: '9', changes: { leadTimeDays: 2 }, country: null })
      .thenRefuses('NOT_FOUND');
    given(matrixDecider).when({ type: 'delete', id: '9' }).thenRefuses('NOT_FOUND');
  });
});
