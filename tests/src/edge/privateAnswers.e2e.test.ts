import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Every answer behind a session is the caller's own (orders, invoices, people's names): no browser
 * or proxy may keep it after the session ends. Each door behind a session is walked, with answers
 * of every kind (data, a refusal, a file's not-found), and every answer says `no-store`. An invoice
 * file said `private, max-age=86400, immutable` and outlived the session in the browser.
 */
describe('answers behind a session are never cached', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys?.shutdown();
  });

  it('queries, commands, REST resources, files and /auth answer no-store, signed in or not', async () => {
    const signedIn = sys.as(sys.admin);
    const anonymous = sys.as(null);
    const answers = {
      query: await signedIn.query('departments', {}),
      'query refused': await anonymous.query('departments', {}),
      command: await signedIn.post('/api/command/CREATE_HOLIDAY', {
        type: 'CREATE_HOLIDAY',
        payload: { country: 'NO', type: 'public', date: '2026-12-24' },
      }),
      'command invalid': await signedIn.post('/api/command/CREATE_HOLIDAY', {
        type: 'CREATE_HOLIDAY',
        payload: {},
      }),
      rest: await signedIn.get('/api/rest/departments'),
      'invoice file': await signedIn.get('/api/download-invoice/999999/pdf/invoice-1.pdf'),
      'location list': await signedIn.post('/exportLocationListForSlot', { slot: '999999' }),
      'location list under /api': await signedIn.post('/api/exportLocationListForSlot', {
        slot: '999999',
      }),
      'unknown /api path': await signedIn.get('/api/nothing-here'),
      'current user': await signedIn.get('/auth/user'),
      'current user signed out': await anonymous.get('/auth/user'),
    };
    const caching = Object.entries(answers).map(([what, answer]) => [
      what,
      answer.headers.get('cache-control'),
    ]);
    expect(caching).toEqual(Object.keys(answers).map((what) => [what, 'no-store']));
    // The walk met data, refusals and files' not-found alike.
    expect(answers.query.status).toBe(200);
    expect(answers['query refused'].status).toBe(401);
    expect(answers['invoice file'].status).toBe(404);
  });
});
