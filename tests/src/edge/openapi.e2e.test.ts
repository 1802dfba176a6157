import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { handlers } from '@nordlog/command-service';
import {
  commandSchemas,
  externalOrdersPath,
  integrationQueryPaths,
  publicCommands,
  publicQueries,
  querySchemas,
} from '@nordlog/contracts';
import { commandPath, openApiDocument, queryPath } from '@nordlog/gateway';
import { queries } from '@nordlog/query-service';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The OpenAPI document (docs/decisions/0023-http-edge.md) against what the routes accept, with
 * the document alone as the oracle (Ajv, JSON Schema 2020-12): it names exactly the commands and
 * queries the services run; the example it shows of each request is accepted by the route; and
 * every body it calls invalid (a required field left out, a field of the wrong type, a broken
 * envelope) is refused 400 with the §8 body naming the field. A route that validated with another
 * schema than the one documented, or a command the document lacks, fails here.
 */

type Json = Record<string, any>;
interface Answer {
  status: number;
  body: any;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Values of every JSON type, to find ones a field's schema forbids. */
const wrongValues: unknown[] = [12345, 'text', true, { nested: 1 }, [1], null];

describe('the OpenAPI document against the routes', () => {
  let sys: TestSystem;
  let courier: Session;
  let doc: Json;
  let ajv: Ajv2020;
  const validators = new Map<string, ValidateFunction>();

  /** The document's own verdict on a value at a JSON pointer of it. */
  const documented = (at: string, value: unknown): boolean => {
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${at}` });
      validators.set(at, validate);
    }
    return validate(value);
  };
  const bodyAt = (path: string) =>
    pointer('paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema');
  const operation = (path: string): Json => doc.paths[path]?.post;
  const resolve = (schema: Json): Json => {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref ?? '')?.[1];
    return name ? resolve(doc.components.schemas[name]) : schema;
  };

  /** A §8 refusal: 400, every item a documented ErrorItem of VALIDATION_ERROR. */
  const expectValidationRefusal = (label: string, answer: Answer, field?: string) => {
    const errors = pointer('components', 'schemas', 'Errors');
    expect([label, answer.status, documented(errors, answer.body)]).toEqual([label, 400, true]);
    const items = answer.body as { errorType: string; params?: { field?: string } }[];
    expect([label, items.every((i) => i.errorType === 'VALIDATION_ERROR')]).toEqual([label, true]);
    if (field !== undefined) {
      const named = items.some(
        (i) => i.params?.field === field || i.params?.field?.startsWith(`${field}.`),
      );
      expect([label, named, items]).toEqual([label, true, items]);
    }
  };

  /** The call as a user the operation's documented permission lets through (a courier's own). */
  const caller = (op: Json) => {
    const roles = op['x-permission']?.roles as string[] | undefined;
    return roles && !roles.includes('ADMIN') ? sys.as(courier) : sys;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    const department = await sys.command('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
    });
    courier = await sys.login({
      phoneNumber: freshPhone(),
      role: 'COURIER',
      courierId: '7',
      departmentIds: [department.body.ids[0]],
    });
    // Without a session: the API's description is public.
    const res = await fetch(`${sys.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    doc = (await res.json()) as Json;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('email', /^[^@\s]+@[^@\s]+$/);
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat('date-time', { validate: (s: string) => !Number.isNaN(Date.parse(s)) });
    ajv.addSchema(doc, 'openapi');
  }, 120_000);
  afterAll(async () => {
    await sys?.shutdown();
  });

  it('is served without a session, is OpenAPI 3.1, and is the document of these contracts', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument(doc.info.version))));
  });

  it('names exactly the commands and queries the services run; other names are unknown', async () => {
    const named = (prefix: string) =>
      Object.keys(doc.paths)
        .filter((p) => p.startsWith(prefix))
        .map((p) => p.slice(prefix.length))
        .sort();
    expect(named('/api/command/')).toEqual(Object.keys(handlers).sort());
    expect(named('/api/query/')).toEqual(Object.keys(queries).sort());
    // The public queries once more, at the openquery endpoint (no session).
    expect(named('/openapi/query/')).toEqual([...publicQueries].sort());
    // The public commands (the recipient's answers, docs/decisions/0063) at /openapi/command.
    expect(named('/openapi/command/')).toEqual([...publicCommands].sort());
    // The integration calls behind an API key (docs/decisions/0069), at their spec §7 paths.
    const integration = [...Object.keys(integrationQueryPaths), externalOrdersPath];
    expect(integration.every((p) => p in doc.paths)).toBe(true);
    expect(Object.keys(doc.paths)).toHaveLength(
      Object.keys(handlers).length +
        Object.keys(queries).length +
        publicQueries.length +
        publicCommands.length +
        integration.length,
    );
    const command = await sys.command('NOT_DOCUMENTED', {});
    expect([command.status, command.body[0].errorType]).toEqual([404, 'UNKNOWN_COMMAND']);
    const query = await sys.query('notDocumented', {});
    expect([query.status, query.body[0].errorType]).toEqual([404, 'UNKNOWN_QUERY']);
  });

  /**
   * The documented example is valid by the document and not refused as invalid by the route (it
   * names ids that do not exist: a 404, a 409 or "no such ids" is the domain's answer to a valid
   * request). Then
   * each violation the document defines is refused 400 naming the field.
   */
  const check = async (
    path: string,
    kind: 'command' | 'query',
    send: (body: unknown) => Promise<Answer>,
  ) => {
    const op = operation(path);
    expect([path, op !== undefined]).toEqual([path, true]);
    const at = bodyAt(path);
    const example = op.requestBody.content['application/json'].examples?.valid?.value as Json;
    expect([path, 'example', documented(at, example)]).toEqual([path, 'example', true]);
    const accepted = await send(example);
    // Ids the example makes up name nothing: a command checks that after its schema (0018).
    const unknownIds =
      accepted.status === 400 &&
      (accepted.body as { params?: { key?: string } }[]).every(
        (i) => i.params?.key === 'validation.unknownId',
      );
    expect([path, accepted.status < 500 && (accepted.status !== 400 || unknownIds)]).toEqual([
      path,
      true,
    ]);

    const field = kind === 'command' ? 'payload' : 'params';
    const schema = resolve(
      resolve(doc.paths[path].post.requestBody.content['application/json'].schema).properties[
        field
      ],
    );
    const inner = example[field] as Json;
    const withInner = (value: unknown) => ({ ...example, [field]: value });
    const refused = async (label: string, body: unknown, named?: string) => {
      expect([path, label, documented(at, body)]).toEqual([path, label, false]);
      expectValidationRefusal(`${path} ${label}`, await send(body), named);
    };

    for (const key of (schema.required ?? []) as string[]) {
      const { [key]: _left, ...rest } = inner;
      await refused(`without ${key}`, withInner(rest), key);
    }
    for (const key of Object.keys(schema.properties ?? {})) {
      const wrong = wrongValues.find((v) => !documented(at, withInner({ ...inner, [key]: v })));
      // A field the document lets take any value has no wrong value to send.
      if (wrong === undefined) continue;
      await refused(`${key}: ${JSON.stringify(wrong)}`, withInner({ ...inner, [key]: wrong }), key);
    }
    if (schema.additionalProperties === false)
      await refused('an undocumented field', withInner({ ...inner, undocumented: 1 }));
    await refused(`${field} not an object`, withInner('text'));
    if (kind === 'command') {
      const { type: _type, ...untyped } = example;
      await refused('without type', untyped);
      await refused('another type', { ...example, type: 'ANOTHER' });
      await refused('a commandId that is no UUID', { ...example, commandId: 'again' });
    }
  };

  for (const name of Object.keys(commandSchemas))
    it(`command ${name}: the route takes the documented example and refuses what the document refuses`, async () => {
      const op = () => operation(commandPath(name));
      await check(commandPath(name), 'command', (body) =>
        caller(op()).post(commandPath(name), body),
      );
    });

  for (const name of Object.keys(querySchemas))
    it(`query ${name}: the route takes the documented example and refuses what the document refuses`, async () => {
      const op = () => operation(queryPath(name));
      await check(queryPath(name), 'query', (body) => caller(op()).post(queryPath(name), body));
    });
});
