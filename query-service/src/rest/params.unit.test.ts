import { describe, expect, it } from '@jest/globals';
import { AppError } from '@nordlog/contracts';
import { contentRange, parseListParams } from './params.js';

const refused = (query: Record<string, unknown>) => {
  try {
    parseListParams(query);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).items[0]!;
  }
  throw new Error('not refused');
};

describe('ra-data-simple-rest list parameters', () => {
  it('reads sort, an inclusive range and filter as JSON', () => {
    expect(
      parseListParams({
        sort: '["name","DESC"]',
        range: '[10,19]',
        filter: '{"q":"oslo","country":["NO","SE"],"id":[1,2]}',
      }),
    ).toEqual({
      sort: { field: 'name', order: 'DESC' },
      range: { start: 10, end: 19 },
      filter: { q: 'oslo', country: ['NO', 'SE'], id: [1, 2] },
    });
  });
  it('defaults: no sort, the first 1000 rows, no filter; a longer range is cut to 1000 rows', () => {
    expect(parseListParams({})).toEqual({ sort: null, range: { start: 0, end: 999 }, filter: {} });
    expect(parseListParams({ range: '[5,5000]' }).range).toEqual({ start: 5, end: 1004 });
    expect(parseListParams({ sort: '["id","asc"]' }).sort).toEqual({ field: 'id', order: 'ASC' });
  });
  it('refuses bad JSON and bad shapes with 400 BAD_REQUEST naming the parameter', () => {
    for (const [query, name] of [
      [{ sort: '["name"' }, 'sort'],
      [{ sort: '["name","UP"]' }, 'sort'],
      [{ range: '[5,2]' }, 'range'],
      [{ range: '[-1,2]' }, 'range'],
      [{ range: '{"a":1}' }, 'range'],
      [{ filter: '[1]' }, 'filter'],
      [{ filter: '{"a":{"b":1}}' }, 'filter.a'],
      [{ sort: ['["a","ASC"]', '["b","ASC"]'] }, 'sort'],
    ] as const) {
      const item = refused(query);
      expect(item.errorType).toBe('BAD_REQUEST');
      expect(item.description.startsWith(`${name}:`)).toBe(true);
    }
  });
  it('writes Content-Range as {resource} {start}-{end}/{total}', () => {
    expect(contentRange('departments', 0, 25, 319)).toBe('departments 0-24/319');
    expect(contentRange('holidays', 40, 0, 12)).toBe('holidays */12');
  });
});
