import { describe, expect, it } from '@jest/globals';
import type { RoutePoint } from '@nordlog/contracts';
import fc from 'fast-check';
import { csvCell, csvText, localDateTime, locationListCsv, UTF8_BOM } from './csv.js';

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), to read back what we write. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const point = (over: Partial<RoutePoint>): RoutePoint => ({
  key: 'k',
  slotId: '1',
  sequence: 1,
  type: 'delivery',
  consignmentId: '1',
  shipmentId: '70900010000000017',
  customerId: '1',
  name: 'Kari',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  lat: 59.9,
  lng: 10.7,
  timeEarliest: '08:00',
  timeLatest: '10:00',
  arrival: '2026-01-15T07:30:00.000Z',
  start: '2026-01-15T07:30:00.000Z',
  endTime: '2026-01-15T07:33:00.000Z',
  waitingMinutes: 0,
  late: false,
  distanceKm: 1.2,
  state: 'ASSIGNED',
  done: false,
  packageCount: 1,
  weight: 1,
  volume: 1,
  ...over,
});

describe('CSV cells (RFC 4180 and formula injection)', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Ærø Øst Åsane')).toBe('Ærø Øst Åsane');
  });

  it('prefixes text that a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+47 123')).toBe("'+47 123");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers as numbers (a negative coordinate is not guarded)', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('any text reads back as itself, apostrophe aside, and never starts a formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const text = csvText(rows);
          expect(text.startsWith(UTF8_BOM)).toBe(true);
          const back = parseCsv(text.slice(1));
          expect(back).toHaveLength(rows.length);
          back.forEach((row, r) =>
            row.forEach((cell, c) => {
              const original = rows[r]![c]!;
              expect(cell).toBe(/^[=+\-@\t\r]/.test(original) ? `'${original}` : original);
              expect(/^[=+\-@]/.test(cell)).toBe(false);
            }),
          );
        },
      ),
    );
  });
});

describe('the location list of a slot', () => {
  it('has a header and the stops in route order, times local to the department', () => {
    const text = locationListCsv(
      [
        point({ sequence: 2, name: 'Second, "B"', arrival: '2026-07-15T08:00:00.000Z' }),
        point({
          sequence: 1,
          type: 'pickup',
          name: '=cmd|calc',
          lat: -33.5,
          timeEarliest: null,
          timeLatest: null,
        }),
        point({
          sequence: 3,
          type: 'rest_break',
          shipmentId: null,
          name: '',
          lat: null,
          lng: null,
        }),
      ],
      'Europe/Oslo',
    );
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'sequence',
      'type',
      'shipmentId',
      'name',
      'address',
      'zipCode',
      'zipArea',
      'lat',
      'lng',
      'timeWindow',
      'arrival',
      'endTime',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      ['1', 'pickup', "'=cmd|calc"],
      ['2', 'delivery', 'Second, "B"'],
      ['3', 'rest_break', ''],
    ]);
    expect(rows[1]![7]).toBe('-33.5');
    expect(rows[1]![9]).toBe('');
    expect(rows[2]![9]).toBe('08:00-10:00');
    // 08:00 UTC in July is 10:00 in Oslo (summer time); 07:33 UTC in January is 08:33.
    expect(rows[2]![10]).toBe('2026-07-15 10:00');
    expect(rows[2]![11]).toBe('2026-01-15 08:33');
    expect(rows[3]![7]).toBe('');
  });

  it('formats instants in the zone asked', () => {
    expect(localDateTime('2026-01-15T23:30:00.000Z', 'Europe/Helsinki')).toBe('2026-01-16 01:30');
  });
});
