import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { unacceptableText } from './body.js';

describe('text the product refuses at the edge', () => {
  it('finds NUL, unpaired surrogates, prototype keys and deep nesting anywhere in a value', () => {
    expect(unacceptableText({ a: [{ b: 'ok' }], c: 'Ærlig, blåbær' })).toBeNull();
    expect(unacceptableText({ a: [{ b: 'x\u0000' }] })).toBe(
      'body.a[0].b: text with a NUL character or an unpaired surrogate',
    );
    expect(unacceptableText({ a: '\ud800' })).toContain('body.a');
    expect(unacceptableText({ a: 'x\udc00' })).toContain('body.a');
    expect(unacceptableText({ a: '😀' })).toBeNull();
    expect(unacceptableText(JSON.parse('{"x":{"__proto__":{}}}'))).toBe(
      'body.x: the key __proto__ is not allowed',
    );
    expect(unacceptableText({ ['k\u0000']: 1 })).toContain('a key with a NUL');
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(unacceptableText(deep)).toContain('nested deeper than');
    expect(unacceptableText({ q: 'a\u0000' }, 'query')).toContain('query.q');
  });

  it('accepts every well-formed string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        if (s.includes('\u0000')) return;
        expect(unacceptableText({ s })).toBeNull();
      }),
    );
  });
});
