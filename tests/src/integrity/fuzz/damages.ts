import {
  commandSchemas,
  downloadPaths,
  publicCommands,
  publicQueries,
  querySchemas,
} from '@nordlog/contracts';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { multipart, xlsxFile, zipBomb, zipOf } from '../../support/importFiles.js';
import { type World } from '../../support/commandBases.js';

/** Every command and query route, the public ones, the downloads and the login's. */
export function transportRoutes(): string[] {
  return [
    ...Object.keys(commandSchemas).map((n) => `/api/command/${n}`),
    ...Object.keys(querySchemas).map((n) => `/api/query/${n}`),
    ...publicQueries.map((n) => `/openapi/query/${n}`),
    ...publicCommands.map((n) => `/openapi/command/${n}`),
    ...downloadPaths.flatMap((p) => [p, `/api${p}`]),
    '/auth/request-token',
    '/auth/verify-token',
    '/auth/logout',
    // The customer login's start (docs/decisions/0074).
    '/api/auth/customer-login-initiate',
  ];
}

/** Damage at the transport: character sets, encodings, broken JSON, NUL, nesting, size. */
export function transportDamages(): {
  label: string;
  headers: Record<string, string>;
  body: Buffer | string;
}[] {
  const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
  return [
    {
      label: 'utf-16 charset',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: '{}',
    },
    {
      label: 'latin1 charset',
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{}',
    },
    {
      label: 'unknown charset',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: '{}',
    },
    { label: 'gzip that is not', headers: { 'content-encoding': 'gzip' }, body: '{"type":"x"}' },
    { label: 'unknown encoding', headers: { 'content-encoding': 'snappy' }, body: '{}' },
    {
      label: 'real gzip',
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync('{"payload":{}}'),
    },
    { label: 'broken JSON', headers: {}, body: '{"type": ' },
    { label: 'JSON null', headers: {}, body: 'null' },
    { label: 'JSON string', headers: {}, body: '"x"' },
    {
      label: 'NUL in text',
      headers: {},
      body: '{"payload":{"name":"a\\u0000b"},"params":{"searchPhrase":"ab\\u0000c"}}',
    },
    {
      label: 'lone surrogate',
      headers: {},
      body: '{"payload":{"name":"\\ud800"},"params":{"searchPhrase":"\\udc00xyz"}}',
    },
    {
      label: 'prototype key',
      headers: {},
      body: '{"payload":{"__proto__":{"admin":true}},"params":{"constructor":{}}}',
    },
    {
      label: 'deep nesting',
      headers: {},
      body: JSON.stringify({ payload: deep(3000), params: deep(3000) }),
    },
    { label: 'too large', headers: {}, body: `{"payload":"${'x'.repeat(6 * 1024 * 1024)}"}` },
    { label: 'not JSON at all', headers: { 'content-type': 'text/plain' }, body: 'hello' },
  ];
}

/** Query strings and paths. */
export const oddPaths = [
  '/api/rest/customers?filter=%7B%22name%22%3A%22a%00b%22%7D',
  '/api/rest/customers?filter=%7B',
  '/api/rest/customers?sort=%5B%22name%22%2C%22SIDEWAYS%22%5D',
  '/api/rest/customers?range=%5B-5%2C1e9%5D',
  '/api/rest/customers?q=%00',
  '/api/rest/users/99999999999999999999',
  '/api/rest/%00',
  '/api/command/%00',
  `/api/command/${'A'.repeat(5000)}`,
];

/** Hostile files for the uploads (zip bombs, broken and odd text, random bytes). */
export async function hostileFiles(): Promise<{ label: string; data: Buffer }[]> {
  const files: { label: string; data: Buffer }[] = [
    { label: 'zip bomb', data: zipBomb(210) },
    { label: 'zip bomb lying about its size', data: zipBomb(210, true) },
    { label: 'truncated zip', data: (await xlsxFile([{ customerId: '1' }])).subarray(0, 300) },
    { label: 'zip of nothing', data: zipOf([]) },
    { label: 'NUL bytes', data: Buffer.alloc(4096) },
    {
      label: 'Excel 97',
      data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)]),
    },
    { label: 'broken quotes', data: Buffer.from('customerId;deliveryName\r\n"1;"a""\r\n"') },
    {
      label: 'lone surrogates',
      data: Buffer.from('customerId;deliveryName\r\n1;\ud800x\r\n', 'utf16le'),
    },
    {
      label: 'formula text',
      data: Buffer.from('customerId;deliveryName\r\n=1+1;=HYPERLINK("x")\r\n'),
    },
    { label: 'one huge cell', data: Buffer.from(`deliveryName\r\n${'Ø'.repeat(3_000_000)}\r\n`) },
    { label: 'header only', data: Buffer.from('customerId;customerRef\r\n') },
  ];
  const bytes = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4096 }), {
    numRuns: 25,
    seed: 20261124,
  });
  for (const [i, b] of bytes.entries())
    files.push({ label: `random bytes ${i}`, data: Buffer.from(b) });
  return files;
}

/** Multipart damage at the uploads. */
export function multipartDamages(
  world: World,
): { label: string; contentType: string; body: Buffer | string }[] {
  const good = multipart(
    { departmentId: world.departments[0] },
    { name: 'f.csv', data: Buffer.from('customerId\r\n1\r\n') },
  );
  const noDepartment = multipart({}, { name: 'f.csv', data: Buffer.from('customerId\r\n1\r\n') });
  return [
    { label: 'no boundary', contentType: 'multipart/form-data', body: good.body },
    {
      label: 'wrong boundary',
      contentType: 'multipart/form-data; boundary=nope',
      body: good.body,
    },
    {
      label: 'cut short',
      contentType: good.contentType,
      body: good.body.subarray(0, good.body.length / 2),
    },
    { label: 'JSON', contentType: 'application/json', body: '{"departmentId":"1"}' },
    { label: 'no department', ...noDepartment },
  ];
}

/** A fixed row booked again, and a row's person erased (0059 addendum). */
export const rowCalls = [
  ['/api/importRow', { values: { deliveryName: 'x' } }],
  ['/api/importRow/erase', {}],
] as const;
