import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createConsoleLogger, prettyLine } from './logger.js';

/** A stdout stand-in that keeps what was written; `isTTY` as a terminal or a pipe would say. */
function terminal(isTTY: boolean) {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream & { lines: string[] };
  Object.assign(out, { isTTY, lines });
  return out;
}

describe('console logs: readable on a terminal, JSON elsewhere', () => {
  it('a JSON line reads as time, level, name, message and key=value fields, with an error stack below', () => {
    const line = JSON.stringify({
      level: 40,
      time: '2026-01-05T08:00:00.250Z',
      name: 'nordlog',
      msg: 'database unavailable',
      code: 'ECONNREFUSED',
      url: 'http://localhost:8080',
      tries: 3,
      where: { a: 1 },
      err: { message: 'boom', stack: 'Error: boom\n    at x (y.js:1:1)' },
    });
    const text = prettyLine(line);
    const [first, ...stack] = text.trimEnd().split('\n');
    expect(first).toMatch(
      /^\d\d:\d\d:\d\d\.250 WARN {2}nordlog: database unavailable code=ECONNREFUSED url=http:\/\/localhost:8080 tries=3 where=\{"a":1\}$/,
    );
    expect(stack).toEqual(['    Error: boom', '        at x (y.js:1:1)']);
    expect(text.endsWith('\n')).toBe(true);
    expect(prettyLine('not json')).toBe('not json\n');
    expect(prettyLine(line, true)).toContain('\u001b[33mWARN \u001b[0m');
  });

  it('without LOG_FORMAT a terminal gets pretty lines and a pipe JSON; LOG_FORMAT overrides both', async () => {
    const write = async (isTTY: boolean, format?: 'json' | 'pretty') => {
      const out = terminal(isTTY);
      createConsoleLogger('info', format, 'nordlog', out).info(
        { port: 8080 },
        'nordlog is running',
      );
      await new Promise((r) => setImmediate(r));
      return out.lines.join('');
    };
    expect(await write(true)).toMatch(/INFO.* nordlog: nordlog is running port=8080\n$/);
    for (const json of [await write(false), await write(true, 'json')])
      expect(JSON.parse(json)).toMatchObject({ level: 30, msg: 'nordlog is running', port: 8080 });
    expect(await write(false, 'pretty')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}nordlog: /);
  });
});
