import { describe, expect, it } from '@jest/globals';
import {
  CONSIGNMENT_GRID_ENTITY,
  defaultAccess,
  readableRows,
  type Identity,
} from '@nordlog/contracts';
import { JsonText, SerializedRows, readableJson } from './framework.js';

const identity = (
  role: 'PLANNER' | 'CUSTOMER',
  departmentIds: string[],
  customerId: string | null = null,
): Identity => ({
  userId: '1',
  role,
  access: [...defaultAccess[role]],
  departmentIds,
  customerId,
  ...(customerId ? { customerIds: [customerId] } : {}),
});

/** A map row as PostgreSQL writes it (`map_data::text`), and the key fields read from it. */
const row = (id: string, departmentId: string, customerId: string) => {
  const data = { id, date: '2026-11-28', state: 'RESOLVED', customerId, departmentId };
  return {
    data,
    serialized: {
      keys: {
        id,
        revision: '0',
        updatedAtEpoch: '1',
        departmentId,
        customerId,
        date: data.date,
        state: data.state,
      },
      json: JSON.stringify(data, null, 1),
    },
  };
};

describe('rows the database serialised (the map day, docs/decisions/0027)', () => {
  const rows = [row('1', '10', '100'), row('2', '20', '200'), row('3', '10', '200')];
  const answer = new SerializedRows(rows.map((r) => r.serialized));

  it('pass the same access rule as parsed rows: a planner reads the rows of its departments only', () => {
    const planner = identity('PLANNER', ['10']);
    const sent = readableJson(planner, CONSIGNMENT_GRID_ENTITY, answer);
    expect(sent).toBeInstanceOf(JsonText);
    const parsed = JSON.parse(sent.text) as unknown[];
    expect(parsed).toEqual(
      readableRows(
        planner,
        CONSIGNMENT_GRID_ENTITY,
        rows.map((r) => r.data),
      ),
    );
    expect(parsed.map((r) => (r as { id: string }).id)).toEqual(['1', '3']);
  });

  it("a customer reads only its own customer's rows, and nothing is one empty array", () => {
    const customer = identity('CUSTOMER', ['10', '20'], '200');
    const own = JSON.parse(readableJson(customer, CONSIGNMENT_GRID_ENTITY, answer).text) as {
      id: string;
    }[];
    expect(own.map((r) => r.id)).toEqual(['2', '3']);
    const stranger = identity('PLANNER', ['99']);
    expect(readableJson(stranger, CONSIGNMENT_GRID_ENTITY, answer).text).toBe('[]');
  });
});
