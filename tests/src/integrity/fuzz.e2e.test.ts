import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  commandSchemas,
  downloadEndpoints,
  downloadPaths,
  uploadSpecPaths,
  publicCommands,
  publicQueries,
  querySchemas,
  type CommandName,
  type QueryName,
} from '@nordlog/contracts';
import fc from 'fast-check';
import { buildWorld, commandBases, type World } from '../support/commandBases.js';
import { commandHead, startTestSystem, type TestSystem } from '../support/system.js';
import { multipart } from '../support/importFiles.js';
import { bent, shapeKeys, sweep } from './fuzz/arbitraries.js';
import { downloadBases, queryBases } from './fuzz/bases.js';
import {
  hostileFiles,
  multipartDamages,
  oddPaths,
  rowCalls,
  transportDamages,
  transportRoutes,
} from './fuzz/damages.js';
import { rawRequest } from './fuzz/raw.js';

/**
 * Every malformed request is a 4xx with the spec §8 body, never a 5xx, and stores nothing:
 * schema-bent payloads for every command and query of the registry (fast-check), and damage at
 * the transport: character sets, content encodings, sizes, NUL and surrogates, prototype keys,
 * deep nesting, broken JSON, odd paths.
 */
describe('fuzzing every command and query: no 5xx, nothing stored from a refusal', () => {
  let sys: TestSystem;
  let world: World;
  // What commands appended: runs the optimising runner carries append on their own meanwhile.
  const head = () => commandHead(sys);
  const isErrorBody = (body: unknown) =>
    Array.isArray(body) &&
    body.length > 0 &&
    body.every(
      (i: { errorType?: unknown; description?: unknown }) =>
        typeof i.errorType === 'string' && typeof i.description === 'string',
    );
  const problems: unknown[] = [];
  /**
   * The head after the last request when it was read then (after a refusal): most requests are
   * refused, and the next one needs no read of its own before it (half the reads of a file that
   * sends tens of thousands of requests).
   */
  let known: string | null = null;
  beforeEach(() => {
    problems.splice(0);
    known = null;
  });
  /** Sends, and notes a 5xx, a 4xx without the §8 body, or an event stored by a refusal. */
  const probe = async (label: string, send: () => Promise<{ status: number; body: unknown }>) => {
    const before = known ?? (await head());
    known = null;
    const { status, body } = await send();
    if (status >= 500) problems.push({ label, status, body });
    else if (status >= 400) {
      if (!isErrorBody(body)) problems.push({ label, status, body, why: 'not a §8 body' });
      const after = await head();
      if (after !== before) problems.push({ label, status, why: 'a refusal stored events' });
      else known = after;
    }
    return status;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    world = await buildWorld(sys);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  for (const name of Object.keys(commandSchemas) as CommandName[]) {
    it(`${name}: bent payloads are answered below 500, refusals store nothing`, async () => {
      const base = commandBases[name](world);
      for (const payload of sweep(base, shapeKeys(commandSchemas[name])))
        await probe(`${name} ${JSON.stringify(payload).slice(0, 300)}`, () =>
          sys.command(name, payload),
        );
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(commandSchemas[name])), async (payload) => {
          await probe(`${name} ${JSON.stringify(payload).slice(0, 300)}`, () =>
            sys.command(name, payload),
          );
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  for (const name of Object.keys(querySchemas) as QueryName[]) {
    it(`query ${name}: bent params are answered below 500`, async () => {
      const base = queryBases[name](world);
      for (const params of sweep(base, shapeKeys(querySchemas[name])))
        await probe(`${name} ${JSON.stringify(params).slice(0, 300)}`, () =>
          sys.query(name, params),
        );
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(querySchemas[name])), async (params) => {
          await probe(`${name} ${JSON.stringify(params).slice(0, 300)}`, () =>
            sys.query(name, params),
          );
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  // The file downloads, at the spec's path (without `/api`) where the gateway serves them too.
  for (const path of downloadPaths) {
    it(`download ${path}: bent params are answered below 500`, async () => {
      const base = downloadBases[path](world);
      const keys = shapeKeys(downloadEndpoints[path].schema);
      const ask = (params: unknown) =>
        raw(sys.url, path, { 'content-type': 'application/json' }, JSON.stringify(params));
      for (const params of sweep(base, keys))
        await probe(`${path} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
      await fc.assert(
        fc.asyncProperty(bent(base, keys), async (params) => {
          await probe(`${path} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  // The public queries are fuzzed again where anyone reaches them: without a session.
  for (const name of publicQueries) {
    it(`public query ${name} at /openapi: bent params without a session are answered below 500`, async () => {
      const base = queryBases[name](world);
      const ask = (params: unknown) =>
        raw(
          sys.url,
          `/openapi/query/${name}`,
          { 'content-type': 'application/json' },
          JSON.stringify({ query: name, params }),
          'POST',
          false,
        );
      for (const params of sweep(base, shapeKeys(querySchemas[name])))
        await probe(`open ${name} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(querySchemas[name])), async (params) => {
          await probe(`open ${name} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  // The public commands (the recipient's answers, 0063) again where anyone reaches them.
  for (const name of publicCommands) {
    it(`public command ${name} at /openapi/command: bent payloads without a session are answered below 500`, async () => {
      const base = commandBases[name](world);
      const ask = (payload: unknown) =>
        raw(
          sys.url,
          `/openapi/command/${name}`,
          { 'content-type': 'application/json' },
          JSON.stringify({ type: name, payload }),
          'POST',
          false,
        );
      for (const payload of sweep(base, shapeKeys(commandSchemas[name])))
        await probe(`open ${name} ${JSON.stringify(payload).slice(0, 300)}`, () => ask(payload));
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(commandSchemas[name])), async (payload) => {
          await probe(`open ${name} ${JSON.stringify(payload).slice(0, 300)}`, () => ask(payload));
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it('transport damage on every command and query route: 4xx with the §8 body, never 5xx', async () => {
    const routes = transportRoutes();
    const damages = transportDamages();
    for (const route of routes)
      for (const damage of damages)
        await probe(`${route} ${damage.label}`, () =>
          raw(
            sys.url,
            route,
            { 'content-type': 'application/json', ...damage.headers },
            damage.body,
          ),
        );
    // Query strings and paths.
    const paths = oddPaths;
    for (const path of paths)
      await probe(`GET ${path}`, () => raw(sys.url, path, {}, undefined, 'GET'));
    expect(problems).toEqual([]);
    // The projections took every change the fuzzing made.
    await sys.settled();
  }, 300_000);

  // The upload endpoints with hostile files (docs/decisions/0059-import.md): every file is
  // answered below 500 (a refusal with the §8 body), and a refused file stores no import.
  it('uploads: hostile files and multipart damage are answered below 500 at every upload, a refusal stores nothing', async () => {
    // What an upload stores: an import job, or an address of the address book (0061).
    const count = async (q: Promise<{ count: string }[]>) => Number((await q)[0]!.count);
    const jobs = async () =>
      (await count(sys.db.knex('import_jobs').count<{ count: string }[]>('* as count'))) +
      (await count(
        sys.db
          .knex('es_events')
          .where('type', 'AddressCreated')
          .count<{ count: string }[]>('* as count'),
      ));
    const files = await hostileFiles();
    for (const path of uploadSpecPaths)
      for (const file of files) {
        const before = await jobs();
        const { body, contentType } = multipart(
          { departmentId: world.departments[0] },
          { name: 'f.xlsx', data: file.data },
        );
        const status = await probe(`${path} ${file.label}`, () =>
          raw(sys.url, path, { 'content-type': contentType }, body),
        );
        if (status >= 400 && (await jobs()) !== before)
          problems.push({ label: `${path} ${file.label}`, why: 'a refused file stored something' });
      }
    const damages = multipartDamages(world);
    for (const path of uploadSpecPaths)
      for (const d of damages)
        await probe(`${path} ${d.label}`, () =>
          raw(sys.url, `/api${path}`, { 'content-type': d.contentType }, d.body),
        );
    // A fixed row booked again, and a row's person erased (0059 addendum).
    for (const [path, extra] of rowCalls)
      for (const params of sweep(
        { importId: '6f1c1b7e-3d2a-4c1e-9f00-000000000059', row: 2, ...extra },
        [],
      ))
        await probe(`${path} ${JSON.stringify(params).slice(0, 200)}`, () =>
          raw(sys.url, path, { 'content-type': 'application/json' }, JSON.stringify(params)),
        );
    expect(problems).toEqual([]);
  }, 300_000);

  /** A request as the admin (or without a session), with the headers and bytes given. */
  function raw(
    base: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | string | undefined,
    method = 'POST',
    session = true,
  ): Promise<{ status: number; body: unknown }> {
    return rawRequest(session ? sys.admin : null, base, path, headers, body, method);
  }
});
