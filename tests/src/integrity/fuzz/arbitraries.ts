import fc from 'fast-check';
import { type Payload } from '../../support/commandBases.js';

/** Text meant to break things: NUL, lone surrogates, SQL and LIKE syntax, huge and odd strings. */
export const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    "'; drop table es_events; --",
    '%_\\',
    '${x}',
    '<script>alert(1)</script>',
    '1e309',
    '-0',
    '9'.repeat(40),
    'ﬀ'.repeat(5000),
    '2026-02-30',
    '24:61',
    ' ',
    '__proto__',
  ),
);
/** Values of any JSON shape, nasty text included. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.1),
    fc.double(),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Values every field of every payload is tried with, one field at a time. */
export const edgeValues: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  'x'.repeat(100_000),
  "'; select pg_sleep(1); --",
  '2026-02-30',
  '99999999999999999999',
  -1,
  0,
  2 ** 31,
  2 ** 63,
  1e308,
  0.5,
  null,
  true,
  [],
  ['a\u0000'],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { toString: 'x', valueOf: 1 },
];

/** The valid payload with one field (or one field of a nested object) set to each edge value. */
export function sweep(base: Payload, keys: string[]): unknown[] {
  const out: unknown[] = [];
  for (const key of [...new Set([...Object.keys(base), ...keys])]) {
    for (const value of edgeValues) out.push({ ...base, [key]: value });
    const inner = base[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const innerKey of Object.keys(inner))
        for (const value of edgeValues.slice(0, 3))
          out.push({ ...base, [key]: { ...(inner as Payload), [innerKey]: value } });
  }
  return out;
}

/** A payload bent out of shape: fields of the valid one replaced, dropped or added. */
export const bent = (base: Payload, shapeKeys: string[]): fc.Arbitrary<unknown> => {
  const keys = [...new Set([...Object.keys(base), ...shapeKeys])];
  const field = keys.length > 0 ? fc.constantFrom(...keys) : nastyText;
  return fc.oneof(
    fc
      .record({ key: field, value: nastyValue })
      .map(({ key, value }) => ({ ...base, [key]: value })),
    fc.record({ key: field }).map(({ key }) => {
      const copy = { ...base };
      delete copy[key];
      return copy;
    }),
    fc.dictionary(nastyText, nastyValue).map((extra) => ({ ...base, ...extra })),
    nastyValue,
  );
};

export const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
};
