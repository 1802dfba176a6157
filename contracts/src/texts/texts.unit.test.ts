import { describe, expect, it } from '@jest/globals';
import {
  MAX_TEXT_LENGTH,
  createTextSchema,
  placeholderIssues,
  placeholdersOf,
  textIn,
  updateServiceMappingSchema,
  updateTextSchema,
} from './index.js';

/** The refused paths and messages of a parse. */
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]),
  );

describe('texts (docs/decisions/0081-services-and-texts.md)', () => {
  it('takes a text with English and fills the other languages empty', () => {
    const parsed = createTextSchema.parse({
      group: 'SERVICE',
      key: 'EXPRESS',
      texts: { en: 'Express' },
    });
    expect(parsed).toEqual({
      group: 'SERVICE',
      key: 'EXPRESS',
      texts: { en: 'Express', nb: '', sv: '', da: '', fi: '', fr: '' },
    });
  });

  it('refuses a text without English, an unknown group, a key with spaces, an over-long wording', () => {
    expect(
      issues(
        createTextSchema.safeParse({
          group: 'SERVICE',
          key: 'X',
          texts: { en: ' ', nb: 'Ekspress' },
        }),
      ),
    ).toEqual({ 'texts.en': 'validation.englishRequired' });
    expect(
      Object.keys(
        issues(createTextSchema.safeParse({ group: 'OTHER', key: 'X', texts: { en: 'a' } })),
      ),
    ).toEqual(['group']);
    expect(
      issues(createTextSchema.safeParse({ group: 'LABEL', key: 'a key', texts: { en: 'a' } })),
    ).toEqual({
      key: 'validation.textKey',
    });
    expect(
      issues(
        createTextSchema.safeParse({
          group: 'LABEL',
          key: 'long',
          texts: { en: 'a', fr: 'x'.repeat(MAX_TEXT_LENGTH + 1) },
        }),
      ),
    ).toEqual({ 'texts.fr': 'validation.tooLong' });
    // The longest wording is taken.
    expect(
      createTextSchema.safeParse({
        group: 'LABEL',
        key: 'long',
        texts: { en: 'x'.repeat(MAX_TEXT_LENGTH) },
      }).success,
    ).toBe(true);
  });

  it("refuses a placeholder the group does not know, on the language's wording", () => {
    expect(placeholdersOf('Fragile: {shipmentId} for {customerName}')).toEqual([
      'shipmentId',
      'customerName',
    ]);
    expect(
      issues(
        createTextSchema.safeParse({
          group: 'LABEL',
          key: 'fragile',
          texts: { en: 'Fragile: {shipmentId}', nb: 'Skjør: {sendingsnummer}' },
        }),
      ),
    ).toEqual({ 'texts.nb': 'validation.unknownPlaceholder' });
    // The same placeholder is known to LABEL and not to SERVICE; an empty {} is unknown too.
    expect(placeholderIssues('LABEL', { en: '{shipmentId}' })).toEqual([]);
    expect(placeholderIssues('SERVICE', { en: '{shipmentId}' })).toEqual([
      { path: ['texts', 'en'], message: 'validation.unknownPlaceholder' },
    ]);
    expect(placeholderIssues('BOOKING', { en: 'Hi {}' })).toHaveLength(1);
  });

  it('an update names the key or the wordings; the group stays', () => {
    expect(updateTextSchema.parse({ id: '1', key: 'k2', group: 'VAS' })).toEqual({
      id: '1',
      key: 'k2',
    });
    expect(updateTextSchema.safeParse({ id: '1', texts: { nb: 'bare norsk' } }).success).toBe(
      false,
    );
  });

  it('falls back to English where a language is empty', () => {
    const texts = { en: 'Express', nb: 'Ekspress', sv: '', da: ' ', fi: '', fr: '' };
    expect(textIn(texts, 'nb')).toBe('Ekspress');
    expect(textIn(texts, 'sv')).toBe('Express');
    expect(textIn(texts, 'da')).toBe('Express');
    expect(textIn(texts, 'de')).toBe('Express');
  });

  it("a service's mapping changes its flags by name, booleans only", () => {
    expect(updateServiceMappingSchema.parse({ id: '4', important: true })).toEqual({
      id: '4',
      important: true,
    });
    expect(
      updateServiceMappingSchema.safeParse({ id: '4', allowFlexDelivery: 'yes' }).success,
    ).toBe(false);
    expect(updateServiceMappingSchema.safeParse({ id: '4', important: null }).success).toBe(false);
  });
});
