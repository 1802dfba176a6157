import { describe, expect, it } from '@jest/globals';
import {
  domainEventMessageSchema,
  kafkaHeaders,
  type DomainEventMessage,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { ChangeRecord } from '../changeBus/index.js';
import { recordedEventJson } from '../eventStore/types.js';
import { changeRecordOf } from './changeBus.js';
import { changeMessage, eventMessage, topicMessages } from './relay.js';

const event: RecordedEvent = {
  eventId: 'e1',
  streamId: 'order-9',
  streamRevision: 3,
  type: 'OrderUpdated',
  data: { note: 'x' },
  global: { transactionId: '100', position: '7' },
  metadata: {
    commandId: 'c',
    correlationId: 'k',
    causationId: 'c',
    userId: 'u',
    occurredAt: '2026-11-25T10:00:00.000Z',
  },
};
const change: ChangeRecord = {
  entity: 'slots',
  op: 'upsert',
  id: '5',
  revision: 2,
  data: { id: '5' },
  scope: {
    departmentId: '1',
    customerId: null,
    date: '2026-11-26',
    state: 'PLANNED',
    departmentIds: null,
    courierId: '3',
  },
  global: { transactionId: '101', position: '8' },
  createdAt: '2026-11-25T10:00:01.000Z',
};

describe('Kafka relay messages', () => {
  it('an event is keyed by its stream and carries its id and type as headers, its position in the value', () => {
    const m = eventMessage(recordedEventJson(event));
    expect(m.key).toBe('order-9');
    expect(m.headers).toEqual({
      [kafkaHeaders.messageId]: 'e1',
      [kafkaHeaders.type]: 'OrderUpdated',
    });
    const expected: DomainEventMessage = {
      eventId: 'e1',
      streamId: 'order-9',
      streamRevision: 3,
      type: 'OrderUpdated',
      position: { transactionId: '100', position: '7' },
      metadata: event.metadata,
      data: { note: 'x' },
    };
    const value = JSON.parse(String(m.value)) as unknown;
    expect(value).toEqual(expected);
    expect(domainEventMessageSchema.parse(value)).toEqual(expected);
  });

  it("an event's data and metadata go into the value as the stored JSON text, whatever its spacing and escapes", () => {
    // PostgreSQL's jsonb text: a space after each colon and comma, non-ASCII as it is.
    const m = eventMessage({
      ...recordedEventJson(event),
      dataJson: '{"note": "Åsgårdstrand \\\\ \\"x\\"", "lines": [1, 2.5, null, true]}',
      metadataJson: JSON.stringify(event.metadata, null, 1),
    });
    expect(JSON.parse(String(m.value))).toMatchObject({
      metadata: event.metadata,
      data: { note: 'Åsgårdstrand \\ "x"', lines: [1, 2.5, null, true] },
    });
    // Ids and types that need escaping stay valid JSON.
    const odd = eventMessage({ ...recordedEventJson(event), streamId: 'a"b\\c', type: 'T\u2028' });
    expect(JSON.parse(String(odd.value))).toMatchObject({ streamId: 'a"b\\c', type: 'T\u2028' });
  });

  it('a change is keyed by its row; a gateway reads back exactly the change it was', () => {
    const { data, ...rest } = change;
    const m = changeMessage({ ...rest, dataJson: JSON.stringify(data) });
    expect(m.key).toBe('5');
    expect(m.headers).toEqual({
      [kafkaHeaders.messageId]: 'slots:5:2',
      [kafkaHeaders.type]: 'slots',
    });
    expect(changeRecordOf(Buffer.from(String(m.value)))).toEqual(change);
    expect(changeRecordOf(Buffer.from('not json'))).toBeNull();
    expect(changeRecordOf(Buffer.from('{"entity":"slots"}'))).toBeNull();
  });

  it("a deleted row's change has null data", () => {
    const { data: _data, ...rest } = change;
    const m = changeMessage({ ...rest, op: 'delete', dataJson: 'null' });
    expect(changeRecordOf(Buffer.from(String(m.value)))).toEqual({
      ...change,
      op: 'delete',
      data: null,
    });
  });

  it('a batch is one send per topic, each topic keeping the batch order', () => {
    const batch = topicMessages([
      { topic: 'a', message: { key: '1', value: 'x' } },
      { topic: 'b', message: { key: '1', value: 'y' } },
      { topic: 'a', message: { key: '2', value: 'z' } },
    ]);
    expect(batch).toEqual([
      {
        topic: 'a',
        messages: [
          { key: '1', value: 'x' },
          { key: '2', value: 'z' },
        ],
      },
      { topic: 'b', messages: [{ key: '1', value: 'y' }] },
    ]);
  });
});
