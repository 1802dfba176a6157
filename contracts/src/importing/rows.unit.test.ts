import { describe, expect, it } from '@jest/globals';
import { createOrderSchema } from '../consignments/order.js';
import { columnOfHeader, orderImportColumns } from './columns.js';
import {
  cellText,
  columnOfPath,
  commandIssues,
  dateText,
  rowIssues,
  fillPayload,
  rowPayload,
  timeText,
  yesNoWords,
} from './rows.js';

describe('import cells and rows (docs/decisions/0059-import.md)', () => {
  it('dates: date cells, Excel serial numbers (number or text) and day-first text become yyyy-MM-dd', () => {
    expect(cellText(new Date(Date.UTC(2027, 2, 1)), 'date')).toBe('2027-03-01');
    expect(cellText(46447, 'date')).toBe('2027-03-01');
    expect(dateText('46447')).toBe('2027-03-01');
    expect(dateText('1.3.2027')).toBe('2027-03-01');
    expect(dateText('01/03/2027')).toBe('2027-03-01');
    expect(dateText('2027/3/1')).toBe('2027-03-01');
    // Not a date: kept for the form's rule to refuse.
    expect(dateText('next tuesday')).toBe('next tuesday');
    expect(cellText(12, 'date')).toBe('12');
  });

  it('times: time cells, fractions of a day and text become HH:mm', () => {
    expect(cellText(new Date(Date.UTC(1899, 11, 30, 7, 59, 59, 990)), 'time')).toBe('08:00');
    expect(cellText(0.5, 'time')).toBe('12:00');
    expect(timeText('8.30')).toBe('08:30');
    expect(timeText('0815')).toBe('08:15');
    expect(timeText('25:00')).toBe('25:00');
  });

  it('formulas count by their saved result; rich text, hyperlinks and error cells by their text', () => {
    expect(cellText({ formula: 'A1*2', result: 4 }, 'number')).toBe('4');
    expect(cellText({ sharedFormula: 'B2', result: 'Åse' }, 'text')).toBe('Åse');
    expect(cellText({ formula: 'A1' }, 'text')).toBe('');
    expect(cellText({ richText: [{ text: 'Øst' }, { text: 'bø' }] }, 'text')).toBe('Østbø');
    expect(cellText({ text: 'Link', hyperlink: 'https://x' }, 'text')).toBe('Link');
    expect(cellText({ error: '#N/A' }, 'text')).toBe('');
    // Decomposed Nordic letters (a Mac's file names and some exports) are composed.
    expect(cellText('A\u030Ase', 'text')).toBe('Åse');
  });

  it('headers match the columns ignoring case, spaces, dashes and underscores', () => {
    expect(columnOfHeader(orderImportColumns, 'Delivery zip_code')?.key).toBe('deliveryZipCode');
    expect(columnOfHeader(orderImportColumns, '\uFEFFcustomerId')?.key).toBe('customerId');
    expect(columnOfHeader(orderImportColumns, 'Colour')).toBeUndefined();
  });

  it("a row's refusals name the column of the field the form marks, with the form's key", () => {
    const payload = rowPayload(
      orderImportColumns,
      {
        customerId: '1',
        pickupDate: '2027-03-01',
        deliveryName: 'A',
        deliveryAddress: 'B',
        deliveryZipCode: '12',
        weight: '-1',
      },
      '1',
    );
    const parsed = createOrderSchema.safeParse(payload);
    expect(parsed.success).toBe(false);
    expect(rowIssues(orderImportColumns, parsed.error!)).toEqual([
      {
        column: 'weight',
        key: 'validation.notNegative',
        message: 'must be 0 or more (not negative)',
      },
      {
        column: 'deliveryZipCode',
        key: 'validation.zipCodeNO',
        message: 'postal code must be 4 digits in Norway',
      },
    ]);
    expect(columnOfPath(orderImportColumns, ['delivery'])).toBe('deliveryName');
    expect(
      commandIssues(orderImportColumns, [
        {
          errorType: 'VALIDATION_ERROR',
          description: 'x',
          params: { field: 'pickupDate', key: 'validation.future' },
        },
        { errorType: 'NO_ACCESS', description: 'not yours' },
      ]),
    ).toEqual([
      { column: 'pickupDate', key: 'validation.future', message: 'must be in the future' },
      { column: null, key: 'NO_ACCESS', message: 'not yours' },
    ]);
  });

  it('a yes-or-no cell reads yes and no in the six languages, true/false, 1/0 and x; another word stays text', () => {
    for (const [yes, no] of Object.values(yesNoWords)) {
      expect(cellText(yes.toUpperCase(), 'yesNo')).toBe('true');
      expect(cellText(` ${no} `, 'yesNo')).toBe('false');
    }
    expect(['x', '1', 'TRUE', true].map((v) => cellText(v, 'yesNo'))).toEqual(
      Array(4).fill('true'),
    );
    expect([0, 'false', false].map((v) => cellText(v, 'yesNo'))).toEqual(Array(3).fill('false'));
    expect(cellText('kanskje', 'yesNo')).toBe('kanskje');
    const column = { key: 'flag', path: ['flag'], kind: 'yesNo' as const, sample: '' };
    expect(fillPayload([column], { flag: 'true' }, {})).toEqual({ flag: true });
    expect(fillPayload([column], { flag: 'kanskje' }, {})).toEqual({ flag: 'kanskje' });
    expect(fillPayload([column], { flag: '' }, {})).toEqual({});
  });
});
