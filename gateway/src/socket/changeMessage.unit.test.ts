import { describe, expect, it } from '@jest/globals';
import { lazyChangeRecord, type ChangeRecord } from '@nordlog/platform';
import { changeMessageJson } from './hub.js';

const base = {
  entity: 'orders',
  op: 'upsert' as const,
  id: '42',
  revision: 3,
  scope: {
    departmentId: '1',
    customerId: '2',
    date: '2026-12-02',
    state: 'CREATED',
    departmentIds: null,
    courierId: null,
  },
  global: { transactionId: '10', position: '20' },
  createdAt: '2026-12-02T10:00:00.000Z',
};
const row = {
  id: '42',
  revision: 3,
  name: 'Ærlig «Kunde» \\ "sitert"\n',
  nested: { list: [1, 2.5, null, true], empty: {} },
};

describe('socket data messages from the outbox’s JSON text', () => {
  it('a change read as text is the same message as one read parsed (upsert and delete)', () => {
    const eager: ChangeRecord = { ...base, data: row };
    // The outbox's text as PostgreSQL prints jsonb: spaces after colons and commas.
    const text = JSON.stringify(row, null, 1).replace(/\n\s*/g, ' ');
    const lazy = lazyChangeRecord({ ...base, dataJson: text });
    expect(JSON.parse(changeMessageJson(lazy))).toEqual(JSON.parse(changeMessageJson(eager)));
    expect(lazy).toEqual(eager);
    const deleted = lazyChangeRecord({ ...base, op: 'delete', dataJson: 'null' });
    expect(JSON.parse(changeMessageJson(deleted))).toEqual({
      entity: 'orders',
      op: 'delete',
      id: '42',
      revision: 3,
      data: null,
    });
  });

  it('the text is not parsed to be sent: only a reader of `data` parses it, once', () => {
    // Text that is not JSON shows whether anything parsed it.
    const lazy = lazyChangeRecord({ ...base, dataJson: '{not json' });
    expect(changeMessageJson(lazy)).toBe(
      '{"entity":"orders","op":"upsert","id":"42","revision":3,"data":{not json}',
    );
    expect(() => lazy.data).toThrow(SyntaxError);
    const good = lazyChangeRecord({ ...base, dataJson: '{"a": [1]}' });
    expect(good.data).toBe(good.data);
  });
});
