import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { copyField } from './copy.js';

/** COPY's text format read back: the inverse of the escaping (for the property below). */
const unescape = (field: string): string | null =>
  field === '\\N'
    ? null
    : field.replace(/\\(.)/g, (_, c: string) =>
        c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c,
      );

describe('COPY text fields (the rebuild path)', () => {
  it('writes null as \\N, booleans as t/f, numbers as their text', () => {
    expect(copyField(null, 'text')).toBe('\\N');
    expect(copyField(undefined, 'int8')).toBe('\\N');
    expect(copyField(true, 'bool')).toBe('t');
    expect(copyField(false, 'bool')).toBe('f');
    expect(copyField(12.5, 'numeric')).toBe('12.5');
    expect(copyField('2026-11-24', 'date')).toBe('2026-11-24');
  });

  it('escapes backslash, tab, newline and carriage return, which would end a field or a line', () => {
    expect(copyField('a\tb\nc\rd\\e', 'text')).toBe('a\\tb\\nc\\rd\\\\e');
  });

  it('writes json columns as JSON, whose own backslashes are escaped once more', () => {
    expect(copyField({ note: 'say "hi"\n', n: 1 }, 'jsonb')).toBe(
      '{"note":"say \\\\"hi\\\\"\\\\n","n":1}',
    );
  });

  it('writes arrays as array literals with quoted elements', () => {
    expect(copyField(['1', 'a "b"', null], 'ARRAY')).toBe('{"1","a \\\\"b\\\\"",NULL}');
  });

  it('no text can break out of its field: a field never holds a raw tab or line break, and reads back as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const field = copyField(text, 'text');
        expect(/[\t\n\r]/.test(field)).toBe(false);
        expect(unescape(field)).toBe(text);
      }),
    );
  });
});
