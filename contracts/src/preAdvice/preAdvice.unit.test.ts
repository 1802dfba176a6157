import { describe, expect, it } from '@jest/globals';
import {
  createPreAdvicePolicySchema,
  isMobileNumber,
  preAdviceOutcomes,
  resolvePolicy,
  textFor,
  unknownPlaceholders,
  type PreAdvicePolicy,
} from './index.js';

const base = {
  name: 'Day before',
  departmentId: '1',
  triggers: ['DAY_BEFORE'],
  channel: 'SMS',
  texts: [{ language: 'nb', smsText: 'Levering {window}: {trackingLink}' }],
};

describe('pre-advice contracts (docs/decisions/0062)', () => {
  it('S4-STATE-014 the pre-advice outcomes are exactly the 20 of spec §4', () => {
    expect([...preAdviceOutcomes]).toEqual([
      'NO_RULE',
      'NO_DELIVERY_TIME_WINDOW',
      'SMS_SENT',
      'EMAIL_SENT',
      'NO_VALID_PHONE_OR_EMAIL',
      'NOTIFICATION_TO_SENDER_FAILED',
      'SMS_AND_EMAIL_SENT',
      'FEATURE_OFF',
      'ALREADY_PRE_ADVICED',
      'CANCELLED',
      'WAITING_FOR_PACKAGES',
      'ALREADY_IN_PROGRESS',
      'ERROR',
      'WRONG_TRIGGER',
      'MANUAL_ATTEMPT',
      'PRE_ADVICE_LIMIT_REACHED',
      'PRE_ADVICE_LOCKED',
      'ORDER_DELIVERED',
      'RETURN_LAST_LEG_CREATION_SKIPPED',
      'NOTIFICATION_TO_SENDER_SKIPPED',
    ]);
  });

  it('a text with an unknown placeholder is refused with the placeholders that exist', () => {
    expect(unknownPlaceholders('Hei {name}, {window} {trackingLink} {name}')).toEqual(['name']);
    const res = createPreAdvicePolicySchema.safeParse({
      ...base,
      texts: [{ language: 'nb', smsText: 'Hei {recipient}' }],
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(
      'unknown placeholder {recipient}; the placeholders are {trackingLink}, {window}, {senderName}',
    );
  });

  it('a policy has one owner, the texts its channel needs, each language once', () => {
    expect(createPreAdvicePolicySchema.safeParse(base).success).toBe(true);
    for (const bad of [
      { ...base, customerId: '2' },
      { ...base, departmentId: null },
      { ...base, channel: 'EMAIL' },
      { ...base, texts: [...base.texts, ...base.texts] },
      { ...base, triggers: [] },
    ])
      expect(createPreAdvicePolicySchema.safeParse(bad).success).toBe(false);
  });

  it('a text may be a trigger’s own: once per language and trigger, and only for a trigger of the policy', () => {
    const own = (trigger: string, language = 'nb') => ({
      language,
      trigger,
      smsText: 'Snart {trackingLink}',
    });
    const ok = createPreAdvicePolicySchema.safeParse({
      ...base,
      triggers: ['DAY_BEFORE', 'STOPS_AWAY'],
      stopsAway: 2,
      texts: [...base.texts, own('STOPS_AWAY')],
    });
    expect(ok.success).toBe(true);
    const issues = (texts: unknown[]) =>
      createPreAdvicePolicySchema
        .safeParse({ ...base, texts })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([...base.texts, own('STOPS_AWAY')])).toEqual([
      ['texts.1.trigger', "STOPS_AWAY is not one of the policy's triggers"],
    ]);
    expect(issues([...base.texts, own('DAY_BEFORE'), own('DAY_BEFORE')])).toEqual([
      ['texts.2.language', 'nb is given twice for DAY_BEFORE'],
    ]);
    // Every language has the text for every trigger: a trigger's own text does not stand alone.
    expect(issues([own('DAY_BEFORE', 'en'), ...base.texts])).toEqual([
      ['texts.0.trigger', 'en needs its text for every trigger besides those of its own'],
    ]);
  });

  it('the text of a trigger: its own in the recipient’s language, else the general one there, then English, then the first', () => {
    const t = (language: 'nb' | 'en' | 'sv', trigger: 'STOPS_AWAY' | null, smsText: string) => ({
      language,
      trigger,
      smsText,
      emailSubject: null,
      emailBody: null,
    });
    const texts = [t('nb', null, 'nb'), t('en', null, 'en'), t('en', 'STOPS_AWAY', 'en stops')];
    expect(textFor(texts, 'nb', 'STOPS_AWAY')?.smsText).toBe('nb');
    expect(textFor(texts, 'en', 'STOPS_AWAY')?.smsText).toBe('en stops');
    expect(textFor(texts, 'en', 'BOOKED')?.smsText).toBe('en');
    expect(textFor(texts, 'en')?.smsText).toBe('en');
    expect(textFor(texts, 'sv', 'STOPS_AWAY')?.smsText).toBe('en stops');
    // A trigger's own text is never another trigger's.
    expect(textFor([t('sv', 'STOPS_AWAY', 'sv stops')], 'nb', 'BOOKED')).toBeUndefined();
  });

  it('the most specific policy applies: customer, group, department; its service before any', () => {
    const p = (id: string, over: Partial<PreAdvicePolicy>): PreAdvicePolicy => ({
      ...createPreAdvicePolicySchema.parse(base),
      id,
      departmentId: null,
      ...over,
    });
    const dep = p('1', { departmentId: '1' });
    const depService = p('2', { departmentId: '1', serviceId: 'EXPRESS' });
    const group = p('3', { customerGroupId: '9' });
    const customer = p('4', { customerId: '5' });
    const subject = {
      departmentId: '1',
      customerId: '5',
      customerGroupIds: ['9'],
      serviceId: null,
    };
    expect(resolvePolicy([dep, depService, group, customer], subject)?.id).toBe('4');
    expect(resolvePolicy([dep, depService, group], subject)?.id).toBe('3');
    expect(resolvePolicy([dep, depService], subject)?.id).toBe('1');
    expect(resolvePolicy([dep, depService], { ...subject, serviceId: 'EXPRESS' })?.id).toBe('2');
    expect(resolvePolicy([dep], { ...subject, departmentId: '2' })).toBeNull();
  });

  it('mobile numbers of the markets', () => {
    expect(isMobileNumber('+4791234567')).toBe(true);
    expect(isMobileNumber('+4741234567')).toBe(true);
    expect(isMobileNumber('+4722334455')).toBe(false);
    expect(isMobileNumber('+46701234567')).toBe(true);
    expect(isMobileNumber('+4681234567')).toBe(false);
    expect(isMobileNumber('+358401234567')).toBe(true);
  });
});
