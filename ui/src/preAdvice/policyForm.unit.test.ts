import { describe, expect, it } from '@jest/globals';
import { createPreAdvicePolicySchema } from '@nordlog/contracts';
import {
  emptyText,
  policyPayload,
  policyProblems,
  policyValues,
  type PolicyValues,
  type TextValues,
} from './policyForm';

/** Types a text field of a slot (`en`, or `en:STOPS_AWAY`). */
const put = (v: PolicyValues, slot: string, field: keyof TextValues, value: string) => {
  v.texts[slot] = { ...(v.texts[slot] ?? emptyText()), [field]: value };
};

const filled = () => {
  const v = policyValues(null);
  v.name = 'Oslo';
  v.owner = '1';
  put(v, 'en', 'smsText', 'Hi from {senderName} {window} {trackingLink}');
  return v;
};

describe('the pre-advice policy form (docs/decisions/0062)', () => {
  it('a filled form is the command the server takes, with only the channel’s texts', () => {
    const v = filled();
    put(v, 'en', 'emailBody', 'left over from an e-mail channel');
    const payload = policyPayload(v);
    expect(policyProblems(v)).toEqual({});
    expect(createPreAdvicePolicySchema.safeParse(payload).success).toBe(true);
    expect(payload.texts).toEqual([
      {
        language: 'en',
        trigger: null,
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
    put(v, 'en', 'smsText', 'Hi {name}, we come {window}');
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
    put(w, 'nb', 'smsText', 'Hei');
    put(w, 'en', 'emailSubject', 'Parcel');
    put(w, 'en', 'emailBody', 'Coming {window}');
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

  it('a trigger with texts of its own sends them besides the texts for every trigger; an edit keeps them', () => {
    const v = filled();
    v.triggers = ['BOOKED', 'STOPS_AWAY'];
    v.ownTexts = ['STOPS_AWAY'];
    put(v, 'en:STOPS_AWAY', 'smsText', 'The courier is nearly there {trackingLink}');
    const payload = policyPayload(v);
    expect(policyProblems(v)).toEqual({});
    expect(payload.texts.map((t) => [t.language, t.trigger, t.smsText])).toEqual([
      ['en', null, 'Hi from {senderName} {window} {trackingLink}'],
      ['en', 'STOPS_AWAY', 'The courier is nearly there {trackingLink}'],
    ]);
    expect(policyPayload(policyValues({ ...payload, id: '4' }))).toEqual(payload);
    // A trigger's own text left empty, or naming a placeholder that does not exist, is named.
    put(v, 'en:STOPS_AWAY', 'smsText', '{eta}');
    expect(Object.keys(policyProblems(v))).toEqual(['en:STOPS_AWAY.smsText']);
    put(v, 'en:STOPS_AWAY', 'smsText', '');
    expect(policyProblems(v)).toEqual({
      'en:STOPS_AWAY.smsText': { key: 'preAdvice.form.textNeeded' },
    });
    // A trigger taken off the policy takes its texts with it.
    v.triggers = ['BOOKED'];
    expect(policyPayload(v).texts.map((t) => t.trigger)).toEqual([null]);
  });
});
