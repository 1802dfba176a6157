import { describe, expect, it } from '@jest/globals';
import type { BookedOrder, ConsignmentState, DeliveryProof } from '@nordlog/contracts';
import type { Booked } from '../consignments/state.js';
import { decideProof, type ProveCommand } from './decide.js';

const proof = (over: Partial<DeliveryProof> = {}): DeliveryProof => ({
  recipientName: 'Kari',
  signature: { key: 'delivery-proof/1/aa', contentType: 'image/svg+xml', size: 100 },
  photos: [{ key: 'delivery-proof/1/bb', contentType: 'image/jpeg', size: 2000 }],
  courierId: '7',
  recordedAt: '2026-12-03T10:00:00.000Z',
  ...over,
});
const prove = (p: DeliveryProof): ProveCommand => ({ type: 'PROVE', proof: p, override: false });
const booked = (state: ConsignmentState, over: Partial<Booked> = {}) =>
  ({
    status: 'booked',
    state,
    erased: false,
    proof: null,
    order: { orderId: '1' } as BookedOrder,
    ...over,
  }) as Booked;
const delivered = [
  { type: 'ConsignmentDelivered', data: { manual: true, comment: null, state: 'DELIVERED' } },
] as const;

describe('a delivery proof on the order (0068)', () => {
  it('delivers a collected consignment with the proof, in one decision', () => {
    const events = decideProof(prove(proof()), booked('COLLECTED'), () => [...delivered]);
    expect(events.map((e) => e.type)).toEqual(['ConsignmentDelivered', 'DeliveryProofRecorded']);
  });

  it('adds the proof to a delivered consignment (a tap or a scan delivered it)', () => {
    const events = decideProof(prove(proof()), booked('DELIVERED'), () => {
      throw new Error('not delivered again');
    });
    expect(events).toEqual([{ type: 'DeliveryProofRecorded', data: { proof: proof() } }]);
  });

  it('records the same proof sent again (another time, another courier id) once', () => {
    const s = booked('DELIVERED', { proof: proof() });
    const again = proof({ recordedAt: '2026-12-03T10:05:00.000Z', courierId: null });
    expect(decideProof(prove(again), s, () => [])).toEqual([]);
    // Another photo is another proof: recorded after the first.
    const other = proof({
      photos: [{ key: 'delivery-proof/1/cc', contentType: 'image/png', size: 9 }],
    });
    expect(decideProof(prove(other), s, () => [])).toHaveLength(1);
  });

  it("refuses a proof of an order whose parties' data was erased", () => {
    expect(() =>
      decideProof(prove(proof()), booked('DELIVERED', { erased: true }), () => []),
    ).toThrow(
      expect.objectContaining({
        items: [expect.objectContaining({ errorType: 'PERSONAL_DATA_ERASED' })],
      }),
    );
  });
});
