import { describe, expect, it } from '@jest/globals';
import type {
  NumberAllocationEvent,
  NumberSeries,
  NumberSeriesCatalogueEvent,
  NumberSeriesFields,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { allocationDecider, numberSeriesCatalogueDecider } from './decider.js';

const sscc: NumberSeriesFields = {
  name: 'Pallets',
  type: 'SSCC',
  companyPrefix: '0614141',
  extensionDigit: '1',
  firstSerial: 100,
  lastSerial: 199,
  departmentId: null,
  customerId: null,
};
const created = (id: string, fields: NumberSeriesFields = sscc): NumberSeriesCatalogueEvent => ({
  type: 'NumberSeriesCreated',
  data: { ...fields, id },
});
const used = (id: string): NumberSeriesCatalogueEvent => ({
  type: 'NumberSeriesUsed',
  data: { id },
});
const deleted = (id: string): NumberSeriesCatalogueEvent => ({
  type: 'NumberSeriesDeleted',
  data: { id },
});

describe('number series catalogue', () => {
  it('S7-CMD-033 S3-ENT-057 creates a series', () => {
    given(numberSeriesCatalogueDecider)
      .when({ type: 'create', id: '1', fields: sscc })
      .then([created('1')]);
  });
  it('refuses a range that overlaps a live series of the same type (RANGE_OVERLAP)', () => {
    given(numberSeriesCatalogueDecider, [created('1')])
      .when({ type: 'create', id: '2', fields: { ...sscc, firstSerial: 199, lastSerial: 300 } })
      .thenRefuses('RANGE_OVERLAP');
  });
  it('allows the next range, another extension digit, and the other type', () => {
    const state = [created('1')];
    for (const fields of [
      { ...sscc, firstSerial: 200, lastSerial: 300 },
      { ...sscc, extensionDigit: '2' },
      { ...sscc, type: 'GSIN' as const, extensionDigit: null },
    ])
      given(numberSeriesCatalogueDecider, state)
        .when({ type: 'create', id: '2', fields })
        .thenEmits(['NumberSeriesCreated']);
  });
  it('a deleted series frees its range only if it never handed out a number', () => {
    given(numberSeriesCatalogueDecider, [created('1'), deleted('1')])
      .when({ type: 'create', id: '2', fields: sscc })
      .thenEmits(['NumberSeriesCreated']);
    given(numberSeriesCatalogueDecider, [created('1'), used('1'), deleted('1')])
      .when({ type: 'create', id: '2', fields: sscc })
      .thenRefuses('RANGE_OVERLAP');
  });
  it('S7-CMD-033 deletes once; an unknown series is NOT_FOUND', () => {
    given(numberSeriesCatalogueDecider, [created('1')])
      .when({ type: 'delete', id: '1' })
      .then([deleted('1')]);
    given(numberSeriesCatalogueDecider, [created('1'), deleted('1')])
      .when({ type: 'delete', id: '1' })
      .thenNothing();
    given(numberSeriesCatalogueDecider).when({ type: 'delete', id: '1' }).thenRefuses('NOT_FOUND');
  });
  it('marks a series used once, and never a deleted one', () => {
    given(numberSeriesCatalogueDecider, [created('1')])
      .when({ type: 'markUsed', id: '1' })
      .then([used('1')]);
    given(numberSeriesCatalogueDecider, [created('1'), used('1')])
      .when({ type: 'markUsed', id: '1' })
      .thenNothing();
    given(numberSeriesCatalogueDecider, [created('1'), deleted('1')])
      .when({ type: 'markUsed', id: '1' })
      .thenRefuses('NOT_FOUND');
  });
});

describe('number allocation', () => {
  const series: NumberSeries = { ...sscc, id: '1' };
  const allocated = (firstSerial: number, count: number): NumberAllocationEvent => ({
    type: 'NumbersAllocated',
    data: { id: '1', firstSerial, count, nextSerial: firstSerial + count },
  });
  it('starts at the first serial and continues after the last allocation', () => {
    given(allocationDecider(series))
      .when({ type: 'allocate', count: 3 })
      .then([allocated(100, 3)]);
    given(allocationDecider(series), [allocated(100, 3), allocated(103, 10)])
      .when({ type: 'allocate', count: 1 })
      .then([allocated(113, 1)]);
  });
  it('the last event alone gives the state (what the allocator reads)', () => {
    const decider = allocationDecider(series);
    expect(decider.evolve(decider.initialState, allocated(150, 7))).toEqual({ nextSerial: 157 });
  });
  it('hands out the last serial, then refuses (NUMBER_SERIES_EXHAUSTED)', () => {
    given(allocationDecider(series), [allocated(100, 99)])
      .when({ type: 'allocate', count: 1 })
      .then([allocated(199, 1)]);
    given(allocationDecider(series), [allocated(100, 99)])
      .when({ type: 'allocate', count: 2 })
      .thenRefuses('NUMBER_SERIES_EXHAUSTED');
    given(allocationDecider(series))
      .when({ type: 'allocate', count: 0 })
      .thenRefuses('VALIDATION_ERROR');
  });
});
