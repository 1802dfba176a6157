import { describe, expect, it } from '@jest/globals';
import en from '../i18n/messages/en';
import { appMessages } from '../i18n/appMessages';
import { createTranslator } from '../i18n/translator';
import { errorMessages, itemText, optimizerMessages, parseErrorBody } from './parse';

const t = createTranslator('en', appMessages.en);
const has = (key: string) => t(key) !== key;
const show = (body: unknown, status = 500, statusText = 'Internal Server Error') =>
  errorMessages(parseErrorBody(body, status, statusText), status, t, has);

describe('error bodies and display (spec §8)', () => {
  it('S8-ERR-001: a non-OK answer becomes a non-empty list of messages', () => {
    expect(show(null).length).toBeGreaterThan(0);
  });

  it('S8-ERR-002: shape 1, per item the description, else the errorType, else "Unknown error"', () => {
    const items = parseErrorBody(
      [{ description: 'd' }, { errorType: 'T' }, {}, { errorType: 'X', description: 'x' }],
      400,
      '',
    );
    expect(items.map((i) => itemText(i, t))).toEqual(['d', 'T', 'Unknown error', 'x']);
  });

  it('S8-ERR-003: shape 2, an errors array is used as it is', () => {
    expect(show({ errors: ['a', 'b'] })).toEqual(['a', 'b']);
  });

  it('S8-ERR-004: shape 3, structuredErrorMessage and details translated by errors.{type}, else the description', () => {
    expect(
      show({
        structuredErrorMessage: { errorType: 'NO_ACCESS', description: 'nope' },
        details: [
          { errorType: 'CONCURRENCY_CONFLICT', description: 'c' },
          { errorType: 'SOMETHING_NEW', description: 'fallback' },
        ],
      }),
    ).toEqual([en.errors.NO_ACCESS, en.errors.CONCURRENCY_CONFLICT, 'fallback']);
  });

  it('S8-ERR-005: shape 4, anything else gives "HTTP {status} {status text}"', () => {
    expect(show('<html>bad gateway</html>', 502, 'Bad Gateway')).toEqual(['HTTP 502 Bad Gateway']);
  });

  it('S8-ERR-006: a known type shows its translation, else the description, else the type', () => {
    expect(show([{ errorType: 'NO_ACCESS', description: 'server text' }])).toEqual([
      en.errors.NO_ACCESS,
    ]);
    expect(show([{ errorType: 'NEW_TYPE', description: 'server text' }])).toEqual(['server text']);
    expect(errorMessages([{ errorType: 'NEW_TYPE' }], 500, t, has)).toEqual(['NEW_TYPE']);
  });

  it('S8-ERR-006: a refused field rule shows the rule’s own message (log-in with +47 12 says a Norwegian number has 8 digits)', () => {
    const body = [
      {
        errorType: 'VALIDATION_ERROR',
        description:
          'payload.phoneNumber: a Norwegian number (+47) has 8 digits after the country code',
        params: { field: 'phoneNumber', key: 'validation.phoneNO' },
      },
    ];
    expect(show(body, 400, 'Bad Request')).toEqual([en.validation.phoneNO]);
    expect(show([{ errorType: 'VALIDATION_ERROR', params: { key: 'other' } }], 400)).toEqual([
      en.errors.VALIDATION_ERROR,
    ]);
  });

  it('S8-ERR-007 S8-ERR-008: nothing parsed: 400 and other statuses have their fallbacks', () => {
    expect(errorMessages([], 400, t, has)).toEqual(['Something went wrong with the request']);
    expect(errorMessages([], 500, t, has)).toEqual(['Something went wrong on the server']);
    expect(errorMessages([], 503, t, has)).toEqual(['Something went wrong on the server']);
  });

  it('S8-ERR-009: optimiser errors are prefixed with the optimiser label', () => {
    expect(optimizerMessages(['a', 'b'], t)).toEqual(['Optimiser error: a', 'Optimiser error: b']);
  });

  it('S8-ERR-010: params of the first item interpolate the translation', () => {
    const tx = (key: string, o?: Record<string, unknown>) =>
      key === 'errors.X' ? `n=${String(o?.n)}` : key;
    expect(
      errorMessages(
        parseErrorBody([{ errorType: 'X', params: { n: 3 } }], 400, ''),
        400,
        tx,
        () => true,
      ),
    ).toEqual(['n=3']);
  });
});
