import { describe, expect, it } from '@jest/globals';
import {
  clashOf,
  createMatrixEntrySchema,
  inRange,
  matrixOffers,
  rangeCountryIssues,
  rangesOverlap,
  updateMatrixEntrySchema,
} from './index.js';

const range = (postalCodeFrom: string, postalCodeTo: string) => ({ postalCodeFrom, postalCodeTo });
const entry = (
  id: string,
  from: string,
  to: string,
  serviceCodes: string[],
  departmentId = '1',
) => ({
  id,
  departmentId,
  postalCodeFrom: from,
  postalCodeTo: to,
  serviceCodes,
  leadTimeDays: 1,
  deliveryWeekdays: [],
});
/** The refused fields and their keys of a payload. */
const issues = (payload: unknown) => {
  const res = createMatrixEntrySchema.safeParse(payload);
  return res.success
    ? {}
    : Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const valid = {
  departmentId: '1',
  name: 'Oslo',
  postalCodeFrom: '0150',
  postalCodeTo: '0199',
  serviceCodes: ['EXPRESS'],
};

describe('department matrix ranges (docs/decisions/0079)', () => {
  it('a range holds its ends and what lies between, of the same length only', () => {
    expect(inRange(range('0150', '0199'), '0150')).toBe(true);
    expect(inRange(range('0150', '0199'), '0199')).toBe(true);
    expect(inRange(range('0150', '0199'), '0170')).toBe(true);
    expect(inRange(range('0150', '0199'), '0200')).toBe(false);
    expect(inRange(range('0150', '0199'), '0149')).toBe(false);
    expect(inRange(range('1000', '1999'), '10000')).toBe(false);
  });

  it('ranges overlap when they share a code (ends included), never across lengths', () => {
    expect(rangesOverlap(range('0100', '0199'), range('0199', '0299'))).toBe(true);
    expect(rangesOverlap(range('0100', '0199'), range('0150', '0160'))).toBe(true);
    expect(rangesOverlap(range('0100', '0199'), range('0200', '0299'))).toBe(false);
    expect(rangesOverlap(range('1000', '1999'), range('10000', '19999'))).toBe(false);
  });

  it('the schema takes codes as typed (spaces dropped), refuses a range that ends before it starts, a code of the wrong shape, a service twice and a lead time above 14', () => {
    expect(issues({ ...valid, postalCodeFrom: '114 55', postalCodeTo: '114 99' })).toEqual({});
    expect(
      createMatrixEntrySchema.parse({ ...valid, postalCodeFrom: '114 55', postalCodeTo: '11499' }),
    ).toMatchObject({ postalCodeFrom: '11455', leadTimeDays: 1, deliveryWeekdays: [] });
    expect(issues({ ...valid, postalCodeTo: '0149' })).toEqual({
      postalCodeTo: 'validation.postalCodeRange',
    });
    expect(issues({ ...valid, postalCodeTo: '01999' })).toEqual({
      postalCodeTo: 'validation.postalCodeRange',
    });
    expect(issues({ ...valid, postalCodeFrom: '01a0' })).toEqual({
      postalCodeFrom: 'validation.zipCode',
    });
    expect(issues({ ...valid, serviceCodes: ['EXPRESS', 'ECONOMY', 'EXPRESS'] })).toEqual({
      'serviceCodes.2': 'validation.serviceRepeated',
    });
    expect(issues({ ...valid, serviceCodes: [] })).toEqual({ serviceCodes: 'required' });
    expect(Object.keys(issues({ ...valid, leadTimeDays: 15 }))).toEqual(['leadTimeDays']);
    expect(Object.keys(issues({ ...valid, deliveryWeekdays: ['MON', 'HOL'] }))).toEqual([
      'deliveryWeekdays.1',
    ]);
    // An update names what it changes; the merged entry is checked by the decider.
    expect(updateMatrixEntrySchema.parse({ id: '5', leadTimeDays: 0 })).toEqual({
      id: '5',
      leadTimeDays: 0,
    });
  });

  it("both ends must fit the department's country", () => {
    expect(rangeCountryIssues(range('0150', '0199'), 'NO')).toEqual([]);
    expect(rangeCountryIssues(range('11455', '11499'), 'SE')).toEqual([]);
    expect(rangeCountryIssues(range('0150', '0199'), 'SE')).toEqual([
      { path: ['postalCodeFrom'], message: 'validation.zipCodeSE' },
      { path: ['postalCodeTo'], message: 'validation.zipCodeSE' },
    ]);
    expect(rangeCountryIssues(range('11455', '11499'), 'DK')).toHaveLength(2);
  });

  it('an entry clashes with another of its department sharing a code and a service only', () => {
    const others = [
      entry('1', '0100', '0199', ['EXPRESS']),
      entry('2', '0200', '0299', ['ECONOMY']),
      entry('3', '0100', '0199', ['EVENING'], '2'),
    ];
    expect(clashOf(entry('9', '0190', '0210', ['ECONOMY', 'EVENING']), others)).toMatchObject({
      other: { id: '2' },
      serviceCode: 'ECONOMY',
    });
    expect(clashOf(entry('9', '0150', '0160', ['EVENING']), others)).toBeNull();
    expect(clashOf(entry('9', '0300', '0399', ['EXPRESS']), others)).toBeNull();
    // An entry never clashes with itself (an update).
    expect(clashOf(entry('1', '0100', '0150', ['EXPRESS']), others)).toBeNull();
  });

  it("what a department's matrix offers: null without entries, the entries' services at the code, none outside", () => {
    expect(matrixOffers([], '0150')).toBeNull();
    const entries = [
      { ...entry('1', '0100', '0199', ['EXPRESS', 'ECONOMY']), leadTimeDays: 2 },
      {
        ...entry('2', '0150', '0150', ['EVENING']),
        deliveryWeekdays: ['FRI', 'MON'] as ('MON' | 'FRI')[],
      },
    ];
    expect(matrixOffers(entries, '0150')).toEqual(
      new Map([
        ['EXPRESS', { leadTimeDays: 2, deliveryWeekdays: [] }],
        ['ECONOMY', { leadTimeDays: 2, deliveryWeekdays: [] }],
        ['EVENING', { leadTimeDays: 1, deliveryWeekdays: ['MON', 'FRI'] }],
      ]),
    );
    expect(matrixOffers(entries, '0300')).toEqual(new Map());
    expect(matrixOffers(entries, null)).toEqual(new Map());
  });
});
