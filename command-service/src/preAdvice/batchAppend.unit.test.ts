import { describe, expect, it } from '@jest/globals';
import {
  createOrderSchema,
  createPreAdvicePolicySchema,
  type EventMetadata,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { StreamAppend, StreamRead } from '@nordlog/platform';
import { StreamStates } from '../framework/streamStates.js';
import { appendMany } from './batchAppend.js';
import { preAdviceDecider, type PreAdviceCommand } from './decider.js';

/** A store of JSON copies (as a database hands back), counting the events each read hands out. */
function memoryStore() {
  const streams = new Map<string, RecordedEvent[]>();
  const handed: number[] = [];
  let position = 0;
  const push = (streamId: string, type: string, data: unknown, metadata: EventMetadata) => {
    const list = streams.get(streamId) ?? [];
    list.push({
      eventId: `e${position}`,
      streamId,
      streamRevision: list.length,
      type,
      data: JSON.parse(JSON.stringify(data)) as unknown,
      metadata,
      global: { transactionId: '1', position: String(++position) },
    });
    streams.set(streamId, list);
    return list[list.length - 1]!;
  };
  const store = {
    readStream: (id: string) => Promise.resolve([...(streams.get(id) ?? [])]),
    readStreamsAfter: (reads: readonly StreamRead[]) => {
      const out = reads.map(({ streamId, after }) =>
        (streams.get(streamId) ?? []).filter((e) => after === null || e.streamRevision > after),
      );
      handed.push(out.reduce((n, l) => n + l.length, 0));
      return Promise.resolve(out);
    },
    appendToStreams: (appends: StreamAppend[], metadata: EventMetadata) =>
      Promise.resolve(
        appends.map((a) => {
          const events = a.events.map((e) => push(a.streamId, e.type, e.data, metadata));
          return {
            nextRevision: events[events.length - 1]!.streamRevision,
            positions: events.map((e) => e.global),
          };
        }),
      ),
  };
  return { store, streams, handed, push };
}

const party = (name: string, phone: string) => ({
  name,
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  phone,
});
const order = (orderId: string, phone: string) => ({
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-12-07',
    deliveryDate: '2026-12-08',
    deliveryTimeEarliest: '10:00',
    deliveryTimeLatest: '14:00',
    pickup: party('Apotek Storgata', '22 33 44 55'),
    delivery: party('Kari Nordmann', phone),
    measurements: [{ weight: 2 }],
  }),
  orderId,
  trackingId: 'AbCdEfGhIjKlMnOpQrStUv',
});
const decide: PreAdviceCommand = {
  type: 'DECIDE',
  key: 'BOOKED',
  cause: 'BOOKED',
  policy: {
    ...createPreAdvicePolicySchema.parse({
      name: 'Booked',
      departmentId: '1',
      triggers: ['BOOKED'],
      channel: 'SMS',
      texts: [{ language: 'nb', smsText: 'Kommer {window}' }],
    }),
    id: '5',
  },
  host: 'https://nordlog.example',
  featureOn: true,
};

describe('pre-advice decided in chunks (0062, addendum "the relay reads back nothing it wrote")', () => {
  it('keeps what it appended in the pass states: read again, nothing comes back, and the state is the stored one', async () => {
    const m = memoryStore();
    const meta = { commandId: 'book', userId: 'u1' } as EventMetadata;
    for (const [id, phone] of [
      ['7', '912 34 567'],
      ['8', '412 34 567'],
    ] as const)
      m.push(`order-${id}`, 'OrderCreated', { order: order(id, phone), state: 'RESOLVED' }, meta);
    const states = new StreamStates(m.store, 100, true);
    const chunk = ['7', '8'].map((orderId) => ({ orderId, commands: [decide] }));
    const counts = await appendMany(m.store as never, states, chunk, 'decide', new Date());
    expect([...counts!]).toEqual([
      ['7', 1],
      ['8', 1],
    ]);
    expect(m.handed).toEqual([2]);
    const held = await states.loadMany(['order-7', 'order-8'], preAdviceDecider);
    // The relay's read: nothing handed back, the appended messages already in the states.
    expect(m.handed).toEqual([2, 0]);
    const stored = await new StreamStates(m.store).loadMany(
      ['order-7', 'order-8'],
      preAdviceDecider,
    );
    expect(held.map((f) => f.revision)).toEqual([1, 1]);
    expect(held.map((f) => f.state)).toEqual(stored.map((f) => f.state));
    const q = (held[0]!.state as { queued: Record<string, { messages: { sms: unknown } }> }).queued;
    expect(q.BOOKED!.messages.sms).toMatchObject({ to: '+4791234567' });
    const [appended] = m.streams.get('order-7')!.slice(1);
    expect(held[0]!.applied(appended!.metadata.commandId)).toEqual({
      userId: 'system',
      events: [{ type: 'PreAdviceQueued', position: appended!.global.position }],
    });
  });
});
