import { describe, expect, it } from '@jest/globals';
import type { NumberSeriesCatalogueEvent, NumberSeriesFields } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { endMoveDecider, numberSeriesCatalogueDecider } from './decider.js';

const gsin: NumberSeriesFields = {
  name: 'Shipments',
  type: 'GSIN',
  companyPrefix: '7011113',
  extensionDigit: null,
  firstSerial: 100,
  lastSerial: 199,
  departmentId: null,
  customerId: null,
};
const created = (id: string, fields: NumberSeriesFields = gsin): NumberSeriesCatalogueEvent => ({
  type: 'NumberSeriesCreated',
  data: { ...fields, id },
});

/** UPDATE_NUMBER_SERIES's deciders (docs/decisions/0099). */
describe('a number series edited', () => {
  it('S1-GEN-012 renames it and moves its end; an unchanged field is no change', () => {
    given(numberSeriesCatalogueDecider, [created('1')])
      .when({ type: 'update', id: '1', fields: { name: 'West', lastSerial: 299 } })
      .then([
        {
          type: 'NumberSeriesUpdated',
          data: { id: '1', changes: { name: 'West', lastSerial: 299 } },
        },
      ]);
    given(numberSeriesCatalogueDecider, [created('1')])
      .when({ type: 'update', id: '1', fields: { name: 'Shipments' } })
      .then([]);
  });
  it('refuses an end over another series (RANGE_OVERLAP) and before its start (lastSerial)', () => {
    const next = created('2', { ...gsin, firstSerial: 300, lastSerial: 399 });
    given(numberSeriesCatalogueDecider, [created('1'), next])
      .when({ type: 'update', id: '1', fields: { lastSerial: 300 } })
      .thenRefuses('RANGE_OVERLAP');
    given(numberSeriesCatalogueDecider, [created('1')])
      .when({ type: 'update', id: '1', fields: { lastSerial: 99 } })
      .thenRefuses('VALIDATION_ERROR');
  });
  it('refuses an end below a number handed out, on the allocation stream; keeps the next serial', () => {
    const series = { ...gsin, id: '1' };
    const allocated = {
      type: 'NumbersAllocated' as const,
      data: { id: '1', firstSerial: 100, count: 50, nextSerial: 150 },
    };
    given(endMoveDecider(series, 148), [allocated])
      .when({ type: 'moveEnd' })
      .thenRefuses('VALIDATION_ERROR');
    const moved = endMoveDecider(series, 149).decide({ type: 'moveEnd' }, { nextSerial: 150 });
    expect(moved).toEqual([
      { type: 'NumberSeriesEndMoved', data: { id: '1', nextSerial: 150, lastSerial: 149 } },
    ]);
  });
});
