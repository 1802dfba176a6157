import { AppError, type DeliveryProof } from '@nordlog/contracts';
import type { Booked, OrderStreamEvent } from '../consignments/state.js';

/** The order's decider command for a delivery's proof (0068). */
export interface ProveCommand {
  type: 'PROVE';
  proof: DeliveryProof;
  /** A planner's record: the delivery is an override (the pickup included), as MANUAL_DELIVER's. */
  override: boolean;
}

/** The same name and the same images (their keys are their hashes): the proof sent again. */
const sameProof = (a: DeliveryProof, b: DeliveryProof) =>
  a.recipientName === b.recipientName &&
  (a.signature?.key ?? null) === (b.signature?.key ?? null) &&
  a.photos.map((p) => p.key).join() === b.photos.map((p) => p.key).join();

/**
 * RECORD_DELIVERY_PROOF on the order (docs/decisions/0068-proof-of-delivery.md): the consignment
 * is delivered first when it is not yet (`deliver`: the DELIVER decision, with its refusals), then
 * the proof is recorded. The same proof again (a resend with a new command id) records nothing;
 * another proof of a delivered order is recorded after the first (the row shows the latest, the
 * stream keeps both). An order whose parties' data was erased takes no proof.
 */
export function decideProof(
  command: ProveCommand,
  s: Booked,
  deliver: () => OrderStreamEvent[],
): OrderStreamEvent[] {
  if (s.erased)
    throw new AppError(
      'PERSONAL_DATA_ERASED',
      `The personal data of order ${s.order.orderId} was erased; it takes no proof of delivery`,
      { orderId: s.order.orderId },
    );
  if (s.proof && sameProof(s.proof, command.proof)) return [];
  const delivered = s.state === 'DELIVERED' ? [] : deliver();
  return [...delivered, { type: 'DeliveryProofRecorded', data: { proof: command.proof } }];
}
