import { describe, expect, it } from '@jest/globals';
import {
  createOrderSchema,
  createPreAdvicePolicySchema,
  type BookedOrder,
  type PreAdviceEvent,
  type PreAdvicePolicy,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { preAdviceDecider, type PreAdviceCommand } from './decider.js';

const party = (name: string, phone: string, email = '') => ({
  name,
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  phone,
  email,
});
const TRACKING = 'AbCdEfGhIjKlMnOpQrStUv';
const booked = (over: Record<string, unknown> = {}): BookedOrder => ({
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-12-07',
    deliveryDate: '2026-12-08',
    deliveryTimeEarliest: '10:00',
    deliveryTimeLatest: '14:00',
    pickup: party('Apotek Storgata', '22 33 44 55'),
    delivery: party('Kari Nordmann', '912 34 567', 'kari@example.com'),
    measurements: [{ weight: 2 }],
    ...over,
  }),
  orderId: '7',
  trackingId: TRACKING,
});
const created = (o = booked()) =>
  ({ type: 'OrderCreated', data: { order: o, state: 'RESOLVED' } }) as unknown as PreAdviceEvent;
const state = (s: string) =>
  ({
    type: 'OrderDeleted',
    data: { previousState: 'RESOLVED', state: s },
  }) as unknown as PreAdviceEvent;

const policy = (over: Record<string, unknown> = {}): PreAdvicePolicy => ({
  ...createPreAdvicePolicySchema.parse({
    name: 'Day before',
    departmentId: '1',
    triggers: ['DAY_BEFORE', 'BOOKED'],
    channel: 'SMS',
    texts: [
      { language: 'nb', smsText: '{senderName} leverer {window}' },
      { language: 'en', smsText: '{senderName} delivers {window}: {trackingLink}' },
    ],
    ...over,
  }),
  id: '5',
});
const decide = (over: Partial<Extract<PreAdviceCommand, { type: 'DECIDE' }>> = {}) =>
  ({
    type: 'DECIDE',
    key: 'DAY_BEFORE-2026-12-08',
    cause: 'DAY_BEFORE',
    policy: policy(),
    host: 'https://nordlog.example',
    featureOn: true,
    ...over,
  }) as PreAdviceCommand;
const outcomeOf = (events: PreAdviceEvent[]) =>
  events[0]?.type === 'PreAdviceOutcomeRecorded' ? events[0].data.outcome : events[0]?.type;

const queued = given(preAdviceDecider, [created()]).when(decide()).thenEmits(['PreAdviceQueued']);
const sent = (key = 'DAY_BEFORE-2026-12-08'): PreAdviceEvent => ({
  type: 'PreAdviceOutcomeRecorded',
  data: {
    orderId: '7',
    key,
    cause: 'DAY_BEFORE',
    outcome: 'SMS_SENT',
    policyId: '5',
    vasCode: '1091',
  },
});

describe('pre-advice decider (docs/decisions/0062)', () => {
  it('a trigger’s own text is what it sends; a manual attempt sends the text for every trigger', () => {
    const own = policy({
      texts: [
        { language: 'nb', smsText: '{senderName} leverer {window}' },
        { language: 'nb', trigger: 'DAY_BEFORE', smsText: 'I morgen {window}' },
      ],
    });
    const smsOf = (events: PreAdviceEvent[]) =>
      events[0]?.type === 'PreAdviceQueued'
        ? events[0].data.messages.sms?.body.split('\n')[0]
        : events[0]?.type;
    expect(
      smsOf(
        given(preAdviceDecider, [created()])
          .when(decide({ policy: own }))
          .thenEmits(['PreAdviceQueued']),
      ),
    ).toBe('I morgen 2026-12-08 10:00–14:00');
    const manual = given(preAdviceDecider, [created()])
      .when(decide({ policy: own, cause: 'MANUAL', key: 'MANUAL-1' }))
      .thenEmits(['PreAdviceQueued']);
    expect(smsOf(manual)).toBe('Apotek Storgata leverer 2026-12-08 10:00–14:00');
  });

  it('a policy without words for the language sends the texts admin’s (0100); none anywhere: ERROR NO_TEXT, nothing queued', () => {
    const company = new Map([
      ['sms', { en: 'Company {window}', nb: 'Firma {window}' }],
      ['sms.DAY_BEFORE', { en: 'Tomorrow', nb: 'I morgen kommer {senderName}' }],
    ]);
    const smsOnly = policy({ texts: [{ language: 'sv', smsText: 'Egen' }] });
    const admins = given(preAdviceDecider, [created()])
      .when(decide({ policy: smsOnly, texts: company }))
      .thenEmits(['PreAdviceQueued']);
    expect(admins[0]!.type === 'PreAdviceQueued' && admins[0]!.data.messages.sms?.body).toMatch(
      /^I morgen kommer Apotek Storgata\nhttps:/,
    );
    const none = policy({ channel: 'SMS_AND_EMAIL', texts: [] });
    const refused = given(preAdviceDecider, [created()])
      .when(decide({ policy: none, texts: company }))
      .thenEmits(['PreAdviceOutcomeRecorded']);
    expect(refused[0]!.data).toMatchObject({ outcome: 'ERROR', reason: 'NO_TEXT', policyId: '5' });
  });

  it('the customer’s sender name (0071) is the {senderName}, the pickup’s name without one', () => {
    const named = given(preAdviceDecider, [created()])
      .when(decide({ senderName: 'Apotek 1 Nett' }))
      .thenEmits(['PreAdviceQueued']);
    expect(named[0]!.type === 'PreAdviceQueued' && named[0]!.data.messages.sms?.body).toMatch(
      /^Apotek 1 Nett leverer /,
    );
  });

  it('queues the SMS in the recipient language with the placeholders filled and the /track/{id} link added', () => {
    expect(queued[0]).toEqual({
      type: 'PreAdviceQueued',
      data: {
        orderId: '7',
        key: 'DAY_BEFORE-2026-12-08',
        cause: 'DAY_BEFORE',
        policyId: '5',
        messages: {
          sms: {
            to: '+4791234567',
            body: `Apotek Storgata leverer 2026-12-08 10:00–14:00\nhttps://nordlog.example/track/${TRACKING}?referrer=internal`,
          },
          email: null,
        },
        vasCode: '1091',
      },
    });
  });

  it('S9-CONST-018 an SMS of a policy without a vas code is invoiced as 1091; a policy code wins', () => {
    expect((queued[0]!.data as { vasCode: string }).vasCode).toBe('1091');
    const own = given(preAdviceDecider, [created()])
      .when(decide({ policy: policy({ smsVasCode: '2001' }) }))
      .thenEmits(['PreAdviceQueued']);
    expect((own[0]!.data as { vasCode: string }).vasCode).toBe('2001');
  });

  it("records the adapters' answer once: SMS_SENT with its vas code, nothing for a second answer", () => {
    const events = [created(), ...queued];
    given(preAdviceDecider, events)
      .when({
        type: 'DELIVERED',
        key: 'DAY_BEFORE-2026-12-08',
        result: { sms: 'sent', email: null },
      })
      .then([sent()]);
    given(preAdviceDecider, [...events, sent()])
      .when({
        type: 'DELIVERED',
        key: 'DAY_BEFORE-2026-12-08',
        result: { sms: 'sent', email: null },
      })
      .thenNothing();
  });

  it('an attempt key is decided once: the same trigger again decides nothing', () => {
    given(preAdviceDecider, [created(), ...queued])
      .when(decide())
      .thenNothing();
    given(preAdviceDecider, [created(), ...queued, sent()])
      .when(decide())
      .thenNothing();
  });

  it('S4-STATE-015 S4-STATE-016 locked: PRE_ADVICE_LOCKED; unlocked: sent again', () => {
    const locked: PreAdviceEvent = { type: 'PreAdviceLocked', data: { orderId: '7' } };
    const unlocked: PreAdviceEvent = { type: 'PreAdviceUnlocked', data: { orderId: '7' } };
    given(preAdviceDecider, [created()]).when({ type: 'LOCK' }).then([locked]);
    given(preAdviceDecider, [created(), locked]).when({ type: 'LOCK' }).thenNothing();
    const whileLocked = given(preAdviceDecider, [created(), locked])
      .when(decide())
      .thenEmits(['PreAdviceOutcomeRecorded']);
    expect(outcomeOf(whileLocked)).toBe('PRE_ADVICE_LOCKED');
    given(preAdviceDecider, [created(), locked]).when({ type: 'UNLOCK' }).then([unlocked]);
    given(preAdviceDecider, [created(), locked, unlocked])
      .when(decide({ key: 'MANUAL-1', cause: 'MANUAL' }))
      .thenEmits(['PreAdviceQueued']);
  });

  it('decides the outcomes that send nothing (spec §4)', () => {
    const cases: [
      PreAdviceEvent[],
      Partial<Extract<PreAdviceCommand, { type: 'DECIDE' }>>,
      string,
    ][] = [
      [[created()], { policy: null }, 'NO_RULE'],
      [[created()], { featureOn: false }, 'FEATURE_OFF'],
      [[created()], { cause: 'DISPATCHED', key: 'DISPATCHED-3' }, 'WRONG_TRIGGER'],
      [[created(), state('DELETED')], {}, 'CANCELLED'],
      [[created(), state('DELIVERED')], {}, 'ORDER_DELIVERED'],
      [
        [created(booked({ deliveryTimeEarliest: '', deliveryTimeLatest: '' }))],
        {},
        'NO_DELIVERY_TIME_WINDOW',
      ],
      [
        [created(booked({ delivery: party('Kari', '22 33 44 55') }))],
        {},
        'NO_VALID_PHONE_OR_EMAIL',
      ],
      [[created(), ...queued], { key: 'DAY_BEFORE-2026-12-09' }, 'ALREADY_IN_PROGRESS'],
      [[created(), ...queued, sent()], { key: 'DAY_BEFORE-2026-12-09' }, 'ALREADY_PRE_ADVICED'],
      [
        [created()],
        { cause: 'PRE_PICKUP', key: 'PRE_PICKUP-1', policy: null },
        'NOTIFICATION_TO_SENDER_SKIPPED',
      ],
    ];
    for (const [events, over, expected] of cases)
      expect([
        over,
        outcomeOf(
          given(preAdviceDecider, events)
            .when(decide(over))
            .thenEmits(['PreAdviceOutcomeRecorded']),
        ),
      ]).toEqual([over, expected]);
  });

  it('PRE_ADVICE_LIMIT_REACHED after three messages, manual attempts included', () => {
    const events: PreAdviceEvent[] = [created()];
    for (const n of [1, 2, 3]) {
      const key = `MANUAL-${n}`;
      events.push(
        { type: 'PreAdviceRequested', data: { orderId: '7', key, cause: 'MANUAL' } },
        ...given(preAdviceDecider, events)
          .when(decide({ key, cause: 'MANUAL' }))
          .thenEmits(['PreAdviceQueued']),
        { ...sent(key), data: { ...sent(key).data, key, cause: 'MANUAL' } } as PreAdviceEvent,
      );
    }
    expect(
      outcomeOf(
        given(preAdviceDecider, events)
          .when(decide({ key: 'MANUAL-4', cause: 'MANUAL' }))
          .thenEmits(['PreAdviceOutcomeRecorded']),
      ),
    ).toBe('PRE_ADVICE_LIMIT_REACHED');
  });

  it('a refused recipient or a failing channel is an outcome; a pre-pickup SMS refused is NOTIFICATION_TO_SENDER_FAILED', () => {
    const events = [created(), ...queued];
    const answer = (sms: 'refused' | 'error') =>
      outcomeOf(
        given(preAdviceDecider, events)
          .when({ type: 'DELIVERED', key: 'DAY_BEFORE-2026-12-08', result: { sms, email: null } })
          .thenEmits(['PreAdviceOutcomeRecorded']),
      );
    expect(answer('refused')).toBe('NO_VALID_PHONE_OR_EMAIL');
    expect(answer('error')).toBe('ERROR');
    const pickup = given(preAdviceDecider, [created()])
      .when(
        decide({
          cause: 'PRE_PICKUP',
          key: 'PRE_PICKUP-1',
          policy: policy({ triggers: ['PRE_PICKUP'], channel: 'SMS' }),
        }),
      )
      .thenEmits(['PreAdviceOutcomeRecorded']);
    // The sender's number (22…) is a landline: no SMS can reach it.
    expect(outcomeOf(pickup)).toBe('NOTIFICATION_TO_SENDER_SKIPPED');
  });

  it('a request gets the next key of its kind; an unknown order is refused', () => {
    given(preAdviceDecider, [created()])
      .when({ type: 'REQUEST', cause: 'MANUAL' })
      .then([
        { type: 'PreAdviceRequested', data: { orderId: '7', key: 'MANUAL-1', cause: 'MANUAL' } },
      ]);
    given(preAdviceDecider)
      .when({ type: 'REQUEST', cause: 'MANUAL' })
      .thenRefuses('ORDER_NOT_FOUND');
  });
});
