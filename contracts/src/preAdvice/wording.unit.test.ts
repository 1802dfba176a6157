import { describe, expect, it } from '@jest/globals';
import { createTextSchema } from '../texts/index.js';
import { createPreAdvicePolicySchema, type PreAdviceText } from './policies.js';
import { preAdviceTextKeys, preAdviceWording, type PreAdviceAdminTexts } from './wording.js';

const text = (
  t: Partial<PreAdviceText> & { language: PreAdviceText['language'] },
): PreAdviceText => ({ trigger: null, smsText: null, emailSubject: null, emailBody: null, ...t });
const admin = (texts: Record<string, Record<string, string>>): PreAdviceAdminTexts =>
  new Map(Object.entries(texts));
const COMPANY = admin({
  sms: { en: 'Company: {window}', nb: 'Firma: {window}', sv: '' },
  'sms.BOOKED': { en: 'Booked: {window}', nb: 'Bestilt: {window}' },
  emailSubject: { en: 'Your parcel', nb: 'Pakken din' },
  emailBody: { en: 'We come {window}', nb: 'Vi kommer {window}' },
});

/** The pre-advice's words: the policy's own before the texts admin's (docs/decisions/0100). */
describe('pre-advice wording (docs/decisions/0100)', () => {
  it('takes the policy’s own text in the recipient’s language before the admin’s', () => {
    const w = preAdviceWording(
      { channel: 'SMS', texts: [text({ language: 'nb', smsText: 'Egen: {window}' })] },
      COMPANY,
      'nb',
      'BOOKED',
    );
    expect(w).toMatchObject({ smsText: 'Egen: {window}', from: { sms: 'POLICY' }, missing: [] });
  });

  it('takes the admin’s wording, the trigger’s key before the general one, when the policy has none in the language', () => {
    const policy = { channel: 'SMS' as const, texts: [text({ language: 'en', smsText: 'Own' })] };
    expect(preAdviceWording(policy, COMPANY, 'nb', 'BOOKED')).toMatchObject({
      smsText: 'Bestilt: {window}',
      from: { sms: 'TEXTS' },
    });
    expect(preAdviceWording(policy, COMPANY, 'nb', 'DAY_BEFORE').smsText).toBe('Firma: {window}');
    // A manual attempt (no trigger) takes the general key.
    expect(preAdviceWording(policy, COMPANY, 'nb', null).smsText).toBe('Firma: {window}');
    expect(preAdviceTextKeys('sms', 'BOOKED')).toEqual(['sms.BOOKED', 'sms']);
  });

  it('falls back to the policy’s English, then the admin’s English, where neither has the language', () => {
    const own = { channel: 'SMS' as const, texts: [text({ language: 'en', smsText: 'Own' })] };
    // sv: the admin's wording is empty, the policy's English wins over the admin's English.
    expect(preAdviceWording(own, COMPANY, 'sv', 'DAY_BEFORE')).toMatchObject({
      smsText: 'Own',
      from: { sms: 'POLICY' },
    });
    expect(
      preAdviceWording({ channel: 'SMS', texts: [] }, COMPANY, 'sv', 'DAY_BEFORE').smsText,
    ).toBe('Company: {window}');
  });

  it('takes an e-mail’s subject and body from one source, and names a channel without words as missing', () => {
    const policy = {
      channel: 'SMS_AND_EMAIL' as const,
      texts: [text({ language: 'nb', smsText: 'Egen', emailSubject: 'Emne' })],
    };
    // The policy's e-mail lacks its body: both come from the admin.
    expect(preAdviceWording(policy, COMPANY, 'nb', 'BOOKED')).toMatchObject({
      smsText: 'Egen',
      emailSubject: 'Pakken din',
      emailBody: 'Vi kommer {window}',
      from: { sms: 'POLICY', email: 'TEXTS' },
      missing: [],
    });
    const smsOnly = admin({ sms: { en: 'Company' } });
    expect(
      preAdviceWording({ channel: 'SMS_AND_EMAIL', texts: [] }, smsOnly, 'nb', 'BOOKED'),
    ).toMatchObject({ smsText: 'Company', emailSubject: null, missing: ['email'] });
    expect(
      preAdviceWording({ channel: 'EMAIL', texts: [] }, new Map(), 'en', null).missing,
    ).toEqual(['email']);
  });

  it('a policy may leave its texts to the admin; a PRE_ADVICE text takes the pre-advice placeholders and keys only', () => {
    expect(
      createPreAdvicePolicySchema.safeParse({
        name: 'Company wording',
        departmentId: '1',
        triggers: ['BOOKED'],
        channel: 'SMS',
        texts: [],
      }).success,
    ).toBe(true);
    const parse = (key: string, en: string) =>
      createTextSchema.safeParse({ group: 'PRE_ADVICE', key, texts: { en } });
    expect(parse('sms.STOPS_AWAY', '{senderName} is near: {trackingLink}').success).toBe(true);
    expect(parse('emailBody', 'At {window}').success).toBe(true);
    const bad = (key: string, en: string) =>
      (parse(key, en).error?.issues ?? []).map((i) => `${i.path.join('.')} ${i.message}`);
    expect(bad('smss', 'Hi')).toEqual(['key validation.preAdviceTextKey']);
    expect(bad('sms.LATER', 'Hi')).toEqual(['key validation.preAdviceTextKey']);
    expect(bad('sms', 'On {date}')).toEqual(['texts.en validation.unknownPlaceholder']);
    expect(bad('sms', 'x'.repeat(641))).toEqual(['texts.en validation.tooLong']);
    expect(bad('emailBody', 'x'.repeat(641))).toEqual([]);
  });
});
