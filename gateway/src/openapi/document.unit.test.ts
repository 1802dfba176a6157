import { describe, expect, it } from '@jest/globals';
import {
  commandEnvelopeSchema,
  externalOrdersPath,
  integrationQueryPaths,
  commandSchemas,
  publicCommands,
  publicQueries,
  queryEnvelopeSchema,
  querySchemas,
} from '@nordlog/contracts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { commandPath, openApiDocument, queryPath, type Operation } from './document.js';
import { exampleCandidates, exampleOf } from './example.js';
import { writeOpenApi } from './generate.js';

const doc = openApiDocument('1.2.3');
const postOf = (p: string) => (doc.paths[p] as { post: Operation }).post;
const bodyOf = (p: string) => postOf(p).requestBody.content['application/json'];
/** The integration calls' paths (docs/decisions/0069), behind an API key. */
const integration = [...Object.keys(integrationQueryPaths), externalOrdersPath];

/** Every `$ref` in a value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (typeof node.$ref === 'string') out.push(node.$ref);
    for (const child of Object.values(node)) refs(child, out);
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with JSON Schema 2020-12, one POST per command and per query (public queries and commands also at /openapi)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.info.version).toBe('1.2.3');
    const expected = [
      ...Object.keys(commandSchemas).map(commandPath),
      ...Object.keys(querySchemas).map(queryPath),
      // The public queries once more, at the openquery endpoint, without a session.
      ...publicQueries.map((name) => `/openapi/query/${name}`),
      // The public commands (the recipient's answers, 0063) at /openapi/command.
      ...publicCommands.map((name) => `/openapi/command/${name}`),
    ].sort();
    expect(Object.keys(doc.paths).sort()).toEqual([...expected, ...integration].sort());
    for (const p of expected) expect(Object.keys(doc.paths[p]!)).toEqual(['post']);
    const ids = Object.values(doc.paths).map((item) => Object.values(item)[0]!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref inside the document, and keeps no $id or $schema in its schemas', () => {
    for (const r of refs(doc)) {
      const [, kind, name] = /^#\/components\/(schemas|responses|parameters)\/(.+)$/.exec(r) ?? [];
      expect([r, kind && name ? name in doc.components[kind as 'schemas'] : false]).toEqual([
        r,
        true,
      ]);
    }
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect([name, '$id' in schema, '$schema' in schema]).toEqual([name, false, false]);
    }
    // Valid component names (OpenAPI: ^[a-zA-Z0-9.\-_]+$).
    for (const kind of ['schemas', 'responses', 'parameters', 'securitySchemes'] as const)
      for (const name of Object.keys(doc.components[kind])) expect(name).toMatch(/^[\w.-]+$/);
  });

  it('describes the envelopes the routes read, and the §8 error body on every refusal', () => {
    const command = bodyOf('/api/command/CREATE_DEPARTMENT').schema as any;
    expect(command.properties.type).toMatchObject({ const: 'CREATE_DEPARTMENT' });
    expect(command.properties.payload).toEqual({
      $ref: '#/components/schemas/command.CREATE_DEPARTMENT',
    });
    expect(command.required).toEqual(expect.arrayContaining(['type', 'payload']));
    // Every field of the route's envelope is documented (and no other).
    expect(Object.keys(command.properties).sort()).toEqual(
      Object.keys(commandEnvelopeSchema.shape).sort(),
    );
    const query = bodyOf('/api/query/departments').schema as any;
    expect(Object.keys(query.properties).sort()).toEqual(
      Object.keys(queryEnvelopeSchema.shape).sort(),
    );
    for (const item of Object.values(doc.paths)) {
      const responses = Object.values(item)[0]!.responses as Record<string, { $ref?: string }>;
      expect(responses['200'] ?? responses['201']).toBeDefined();
      expect(responses['400']).toEqual({ $ref: '#/components/responses/Error400' });
      expect(responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
      expect(responses['403']).toEqual({ $ref: '#/components/responses/Error403' });
    }
    expect(doc.components.schemas.ErrorItem).toMatchObject({
      required: ['errorType', 'description'],
    });
    expect(doc.components.responses.Error400).toMatchObject({
      description: expect.stringContaining('VALIDATION_ERROR'),
    });
  });

  it('shows a valid example of every request, which the route schema accepts', () => {
    for (const [name, schema] of Object.entries(commandSchemas)) {
      const example = (bodyOf(commandPath(name)).examples?.valid as { value: any } | undefined)
        ?.value;
      expect([name, example?.type]).toEqual([name, name]);
      expect([name, commandEnvelopeSchema.safeParse(example).success]).toEqual([name, true]);
      expect([name, schema.safeParse(example.payload).error?.issues]).toEqual([name, undefined]);
    }
    for (const [name, schema] of Object.entries(querySchemas)) {
      const example = (bodyOf(queryPath(name)).examples?.valid as { value: any } | undefined)
        ?.value;
      expect([name, queryEnvelopeSchema.safeParse(example).success]).toEqual([name, true]);
      expect([name, schema.safeParse(example.params ?? {}).error?.issues]).toEqual([
        name,
        undefined,
      ]);
    }
  });

  it("documents the integration calls behind an API key: the look-ups as GET with their params, the external create order with CREATE_ORDER's payload, 401 and 429", () => {
    for (const [p, name] of Object.entries(integrationQueryPaths)) {
      const get = (doc.paths[p] as { get: any }).get;
      expect(get.security).toEqual([{ apiKey: [] }, { apiKeyHeader: [] }]);
      expect(get.parameters.map((q: { name: string }) => q.name).sort()).toEqual(
        Object.keys(querySchemas[name].shape).sort(),
      );
      expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    }
    const post = (doc.paths[externalOrdersPath] as { post: any }).post;
    expect(post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/command.CREATE_ORDER',
    });
    expect(post.responses['429'].headers['Retry-After']).toBeDefined();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is the same document every time (the build artefact is reproducible)', () => {
    expect(JSON.stringify(openApiDocument('1.2.3'))).toBe(JSON.stringify(doc));
  });

  it('is written by the build step with its brotli and gzip copies', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nordlog-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeOpenApi(file);
      const text = readFileSync(file);
      const written = JSON.parse(text.toString());
      expect(written.openapi).toBe('3.1.0');
      expect(Object.keys(written.paths).sort()).toEqual(Object.keys(doc.paths).sort());
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(text);
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('examples from a JSON Schema', () => {
  const none = {};
  it('fills required fields with values that fit patterns, formats, bounds and enums', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^[1-9]\\d{0,17}$' },
        day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        at: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email' },
        phoneNumber: { type: 'string' },
        kind: { type: 'string', enum: ['b', 'a'] },
        count: { type: 'integer', minimum: 3, maximum: 9 },
        ratio: { type: 'number', exclusiveMinimum: 0, maximum: 0.5 },
        tags: { type: 'array', items: { type: 'string', maxLength: 2 }, minItems: 2 },
        maybe: { anyOf: [{ type: 'null' }, { type: 'boolean' }] },
        left: { type: 'string' },
      },
      required: [
        'id',
        'day',
        'at',
        'mail',
        'phoneNumber',
        'kind',
        'count',
        'ratio',
        'tags',
        'maybe',
      ],
    };
    expect(exampleOf(schema, none)).toEqual({
      id: '990001',
      day: '2030-01-02',
      at: '2030-01-02T10:00:00Z',
      mail: 'someone@example.com',
      phoneNumber: '+4791234567',
      kind: 'b',
      count: 3,
      ratio: 0.5,
      tags: ['no', 'no'],
      maybe: true,
    });
    expect(exampleCandidates(schema, none)).toHaveLength(4);
  });

  it('follows $refs, and refuses what it cannot satisfy', () => {
    const components = { Id: { type: 'string', pattern: '^\\d{4}$' } };
    expect(exampleOf({ $ref: '#/components/schemas/Id' }, components)).toBe('0155');
    expect(() => exampleOf({ $ref: '#/components/schemas/None' }, components)).toThrow(
      /unresolved/,
    );
    expect(() => exampleOf({ type: 'string', pattern: '^Q+$' }, none)).toThrow(/no example/);
    expect(() => exampleOf({ type: 'string', format: 'ipv6' }, none)).toThrow(/format/);
  });
});
