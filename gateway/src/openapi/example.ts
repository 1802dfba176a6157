/**
 * Example values from a JSON Schema (the subset zod's `toJSONSchema` writes): the OpenAPI
 * document shows one valid request per operation, and the tests send it to the route.
 */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Which properties of an object the example fills: the required ones, every one, or the required
 * ones each filled with every property of its own.
 */
export type ExampleMode = 'required' | 'all' | 'filled';

/**
 * Strings tried, in order, against a string schema's pattern, format and lengths. Ids are ones no
 * test system has, so an example sent to a route refers to nothing that exists.
 */
const STRINGS = [
  'Example',
  '990001',
  '2030-01-02',
  '2030-01-02T10:00:00Z',
  '12:00',
  'someone@example.com',
  '00000000-0000-4000-8000-000000000000',
  // An API key's id (docs/decisions/0069).
  '0123456789abcdef0123456789abcdef',
  'no',
  '#336699',
  '0155',
  '1234',
  // An organisation number (Norwegian, mod 11; a vendor's, docs/decisions/0091).
  '923609016',
  '1234567',
  '12345678901234567',
  '123456789012345678',
  // A tracking link's key (22 characters of base64url).
  'ExampleTrackingKey0000',
  '1',
  'a',
];

/**
 * Values tried first for a field of this name: a schema says "string" where the route's rule
 * (a refinement) wants a phone number or a date.
 */
const HINTS: [RegExp, string][] = [
  [/phone/i, '+4791234567'],
  [/date$/i, '2030-01-02'],
  // A window's end after its start (UPDATE_DELIVERY_TIME refuses an empty window, 0086).
  [/^deliveryTimeLatest$/, '16:00'],
  [/(^time|time$|Time[A-Z])/, '12:00'],
  [/e-?mail/i, 'someone@example.com'],
  [/zip(code)?$/i, '0155'],
  // A department matrix entry's range ends (docs/decisions/0079).
  [/^postalCode(From|To)$/, '0155'],
];

const FORMATS: Record<string, RegExp> = {
  email: /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2})?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function stringExample(schema: JsonSchema, key: string | undefined): string {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const format = typeof schema.format === 'string' ? schema.format : null;
  if (format && !FORMATS[format]) throw new Error(`no example for string format "${format}"`);
  const fits = (s: string) =>
    s.length >= min &&
    s.length <= max &&
    (!pattern || pattern.test(s)) &&
    (!format || FORMATS[format]!.test(s));
  const hinted =
    key === undefined ? [] : HINTS.filter(([name]) => name.test(key)).map(([, v]) => v);
  const found = [...hinted, ...STRINGS, 'x'.repeat(Math.max(min, 1))].find(fits);
  if (found === undefined) throw new Error(`no example string fits ${JSON.stringify(schema)}`);
  return found;
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const low =
    num(schema.minimum) ??
    (num(schema.exclusiveMinimum) !== undefined ? num(schema.exclusiveMinimum)! + step : undefined);
  const high =
    num(schema.maximum) ??
    (num(schema.exclusiveMaximum) !== undefined ? num(schema.exclusiveMaximum)! - step : undefined);
  let value = low !== undefined ? Math.max(low, 1) : 1;
  if (high !== undefined && value > high) value = low ?? high;
  const multiple = num(schema.multipleOf);
  if (multiple) value = Math.ceil(value / multiple) * multiple;
  return integer ? Math.ceil(value) : value;
}

/** One value `schema` accepts; `$ref`s are looked up in `components` (`#/components/schemas/…`). */
export function exampleOf(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  mode: ExampleMode = 'required',
  depth = 0,
  key?: string,
): unknown {
  if (depth > 30) throw new Error('example: schema nests too deep (a cycle?)');
  const next = (s: unknown, name = key, m = mode) =>
    exampleOf(s as JsonSchema, components, m, depth + 1, name);
  if (typeof schema.$ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name === undefined ? undefined : components[name];
    if (!target) throw new Error(`example: unresolved $ref ${schema.$ref}`);
    return next(target);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    // A value rather than null: the example shows the field's shape.
    const branch = union.find((b) => b.type !== 'null') ?? union[0];
    return branch ? next(branch) : null;
  }
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => next(s)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return stringExample(schema, key);
    case 'integer':
    case 'number':
      return numberExample(schema, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.min(
        Math.max(num(schema.minItems) ?? 0, 1),
        num(schema.maxItems) ?? Infinity,
      );
      const prefix = (schema.prefixItems ?? []) as JsonSchema[];
      return Array.from({ length: Math.max(count, prefix.length) }, (_, i) =>
        next(prefix[i] ?? schema.items ?? {}),
      );
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties))
        if (mode === 'all' || required.has(name))
          out[name] = next(property, name, mode === 'filled' ? 'all' : mode);
      return out;
    }
    case undefined:
      // `{}` accepts anything.
      return {};
    default:
      throw new Error(`example: unknown type ${String(type)}`);
  }
}

/**
 * Candidate examples, simplest first: the required fields; then each optional field added alone;
 * then the required fields filled out; then every field. A caller keeps the first its validator accepts (rules across fields, e.g. "a
 * or b", are not in a JSON Schema).
 */
export function exampleCandidates(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
): unknown[] {
  const minimal = exampleOf(schema, components, 'required');
  const candidates: unknown[] = [minimal];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  if (minimal && typeof minimal === 'object' && !Array.isArray(minimal))
    for (const [key, property] of Object.entries(properties))
      if (!required.has(key))
        candidates.push({ ...minimal, [key]: exampleOf(property, components, 'required', 0, key) });
  candidates.push(exampleOf(schema, components, 'filled'), exampleOf(schema, components, 'all'));
  return candidates;
}
