import { expect } from '@jest/globals';
import { osloAddress } from '../../support/booking.js';
import { type TestSystem } from '../../support/system.js';
import { type World } from './world.js';

/** Saved addresses (0061) and API keys (0069). */
export async function changeAddressesAndKeys(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen, mine, theirs } = world;
  // Saved addresses of both departments and customers, one updated, one deleted (0061).
  const saved: string[] = [];
  for (const [departmentId, customerId] of [
    [oslo, mine],
    [oslo, theirs],
    [bergen, theirs],
  ] as const) {
    const res = await sys.command('CREATE_ADDRESS', {
      departmentId,
      customerId,
      block: { ...osloAddress, name: 'Lager' },
    });
    expect(res.status).toBe(200);
    saved.push(res.body.ids[0] as string);
  }
  expect((await sys.command('UPDATE_ADDRESS', { id: saved[0], code: 'L-1' })).status).toBe(200);
  expect((await sys.command('DELETE_ADDRESS', { id: saved[1] })).status).toBe(200);
  // An API key of each customer, one rotated, one revoked (0069).
  for (const [customerId, then] of [
    [mine, 'ROTATE_API_KEY'],
    [theirs, 'REVOKE_API_KEY'],
  ] as const) {
    const key = await sys.command('CREATE_API_KEY', { customerId, label: 'Webshop' });
    expect(key.status).toBe(200);
    expect((await sys.command(then, { id: key.body.apiKey.id })).status).toBe(200);
  }
}

/** Webhooks (0070). */
export async function changeWebhooks(sys: TestSystem, world: World): Promise<void> {
  const { mine, theirs } = world;
  // A webhook of each department's customer, one of them changed (docs/decisions/0070).
  const hooks: string[] = [];
  for (const customerId of [mine, theirs]) {
    const res = await sys.command('CREATE_WEBHOOK', {
      customerId,
      url: 'http://127.0.0.1:9/hooks',
      events: ['OrderCreated'],
    });
    expect(res.status).toBe(200);
    hooks.push(res.body.ids[0] as string);
  }
  expect((await sys.command('UPDATE_WEBHOOK', { id: hooks[0], enabled: false })).status).toBe(200);
}
