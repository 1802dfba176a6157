import { describe, expect, it } from '@jest/globals';
import { createHttpServer, KEEP_ALIVE_MS } from '@nordlog/platform';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A CI run once lost one of 300 commands to "other side closed": the command service closed an
 * idle keep-alive connection (Node's default, 5 s) just as the client sent on it. The class: every
 * HTTP server of the product is made by platform's createHttpServer, which keeps idle connections
 * longer than any of our clients keeps them. This guard reads every workspace's source.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const workspaces = [
  'platform',
  'command-service',
  'projector',
  'query-service',
  'optimizer',
  'gateway',
  'deploy',
  'contracts',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.includes('.test.') ? [full] : [];
  });
}

const files = workspaces.flatMap((w) => sources(path.join(root, w, 'src')));
/** createServer imported from node:http or node:https, or called on either module. */
const httpServer =
  /import\s*\{[^}]*\bcreateServer\b[^}]*\}\s*from\s*'node:https?'|\bhttps?\.createServer\s*\(/;
const own = path.join(root, 'platform', 'src', 'http', 'server.ts');

describe('every HTTP server keeps idle connections longer than its clients', () => {
  it('reads the product source (the guard has something to guard)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(own);
  });

  it('no source but platform/src/http/server.ts creates an HTTP server itself', () => {
    const found = files.filter(
      (file) => file !== own && httpServer.test(readFileSync(file, 'utf8')),
    );
    expect(found.map((f) => path.relative(root, f))).toEqual([]);
  });

  it("the server's idle time outlasts Node's agent (5 s) and its headers' deadline outlasts that", () => {
    const server = createHttpServer(() => undefined);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(5_000 + 1_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
