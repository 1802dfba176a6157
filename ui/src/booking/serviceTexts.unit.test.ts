import { describe, expect, it } from '@jest/globals';
import type { ServiceText, TextRow } from '@nordlog/contracts';
import { serviceOptions, vasText } from './serviceTexts';

const row = (texts: Partial<TextRow['texts']>): TextRow => ({
  id: '1',
  group: 'SERVICE',
  key: 'EXPRESS',
  texts: { en: '', nb: '', sv: '', da: '', fi: '', fr: '', ...texts },
  revision: 0,
  updatedAtEpoch: 0,
  deleted: false,
});
const service = (
  code: string,
  text: TextRow | null,
  over: Partial<ServiceText> = {},
): ServiceText => ({
  group: 'SERVICE',
  articleId: code,
  articleCode: code,
  key: code,
  label: `${code} label`,
  active: true,
  text,
  important: false,
  serviceCode: null,
  ...over,
});

describe("the booking form's services (docs/decisions/0081)", () => {
  const rows = [
    service('EXPRESS', row({ en: 'Express', nb: 'Ekspress' })),
    service('ECONOMY', null),
    service('OLD', null, { active: false }),
    service('SIGN-A', row({ en: 'Signature', sv: 'Signatur' }), { group: 'VAS', key: 'SIGN' }),
  ];

  it("names each active service by its text in the user's language, else English, else the article's label", () => {
    expect(serviceOptions(rows, 'nb', '')).toEqual([
      { value: '', label: '—' },
      { value: 'ECONOMY', label: 'ECONOMY label (ECONOMY)' },
      { value: 'EXPRESS', label: 'Ekspress (EXPRESS)' },
    ]);
    expect(serviceOptions(rows, 'fi', '')![2]).toEqual({
      value: 'EXPRESS',
      label: 'Express (EXPRESS)',
    });
  });

  it("keeps an order's service that is not in the catalogue, and is free text without services", () => {
    expect(serviceOptions(rows, 'en', 'svc1')!.slice(0, 2)).toEqual([
      { value: '', label: '—' },
      { value: 'svc1', label: 'svc1' },
    ]);
    expect(serviceOptions([], 'en', '')).toBeNull();
  });

  it('offers the important services first, marked, each part by code', () => {
    const flagged = [
      service('ALPHA', null),
      service('ZULU', null, { important: true }),
      service('BRAVO', null, { important: true }),
    ];
    expect(serviceOptions(flagged, 'en', '', (label) => `${label} !`)).toEqual([
      { value: '', label: '—' },
      { value: 'BRAVO', label: 'BRAVO label (BRAVO) !' },
      { value: 'ZULU', label: 'ZULU label (ZULU) !' },
      { value: 'ALPHA', label: 'ALPHA label (ALPHA)' },
    ]);
  });

  it('finds a VAS text by its VAS code', () => {
    expect(vasText(rows, 'SIGN', 'sv')).toBe('Signatur');
    expect(vasText(rows, 'SIGN', 'da')).toBe('Signature');
    expect(vasText(rows, 'COD', 'en')).toBeNull();
  });
});
