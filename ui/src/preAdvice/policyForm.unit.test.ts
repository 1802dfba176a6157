import { describe, expect, it } from '@jest/globals';
import { createPreAdvicePolicySchema } from '@nordlog/contracts';
import { policyPayload, policyProblems, policyValues } from './policyForm';

const filled = () => {
  const v = policyValues(null);
  v.name = 'Oslo';
  v.owner = '1';
  v.texts.en.smsText = 'Hi from {senderName} {window} {trackingLink}';
  return v;
};

describe('the pre-advice policy form (docs/decisions/0062)', () => {
  it('a filled form is the command the server takes, with only the channel’s texts', () => {
    const v = filled();
    v.texts.en.emailBody = 'left over from an e-mail channel';
    const payload = policyPayload(v);
    expect(policyProblems(v)).toEqual({});
    expect(createPreAdvicePolicySchema.safeParse(payload).success).toBe(true);
    expect(payload.texts).toEqual([
      {
        language: 'en',
        smsText: 'Hi from {senderName} {window} {trackingLink}',
        emailSubject: null,
        emailBody: null,
      },
    ]);
    expect(payload.departmentId).toBe('1');
    expect(payload.customerId).toBeNull();
  });

  it('a placeholder that does not exist is named on its field, as the server refuses it', () => {
    const v = filled();
    v.texts.en.smsText = 'Hi {name}, we come {window}';
    expect(policyProblems(v)).toEqual({
      'en.smsText': {
        key: 'preAdvice.form.unknownPlaceholder',
        args: { unknown: '{name}', allowed: '{trackingLink}, {window}, {senderName}' },
      },
    });
    expect(createPreAdvicePolicySchema.safeParse(policyPayload(v)).success).toBe(false);
  });

  it('a missing owner, trigger, or e-mail text of a language given is named on its field', () => {
    const v = filled();
    v.owner = '';
    v.triggers = [];
    expect(Object.keys(policyProblems(v)).sort()).toEqual(['owner', 'triggers']);
    const w = filled();
    w.channel = 'SMS_AND_EMAIL';
    w.languages = ['en', 'nb'];
    w.texts.nb.smsText = 'Hei';
    w.texts.en.emailSubject = 'Parcel';
    w.texts.en.emailBody = 'Coming {window}';
    expect(policyProblems(w)).toEqual({ 'nb.emailSubject': { key: 'preAdvice.form.textNeeded' } });
  });

  it('an edit starts from the policy’s own fields', () => {
    const v = filled();
    v.ownerKind = 'customerGroupId';
    v.owner = '7';
    const payload = policyPayload(v);
    const again = policyValues({ ...payload, id: '3' });
    expect(again.ownerKind).toBe('customerGroupId');
    expect(again.owner).toBe('7');
    expect(policyPayload(again)).toEqual(payload);
  });
});
