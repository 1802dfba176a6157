import { AppError, addressStream, userStream } from '@nordlog/contracts';
import { addressDecider } from '../addressBook/decider.js';
import { eraseOrders } from '../consignments/handlers.js';
import { target } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import { userDecider } from '../users/decider.js';
import { userUniques } from '../users/handlers.js';

/**
 * A person's request to erase their user (docs/decisions/0050-personal-data.md, addendum): each
 * user is deleted where it is not yet and its personal data erased in the same append, which also
 * releases its phone number and e-mail address. An admin does not erase themself (they would lose
 * the session they erase with); another admin does.
 */
function eraseUsers(userIds: string[], ctx: HandlerContext) {
  if (userIds.includes(ctx.identity.userId))
    throw new AppError('BAD_REQUEST', 'userIds: an admin cannot erase their own user', {
      field: 'userIds',
    });
  return userIds.map((id) =>
    target({
      id,
      streamId: userStream(id),
      decider: userDecider,
      command: { type: 'erase', id, reason: 'request' },
      uniques: userUniques,
      redecide: true,
    }),
  );
}

/** Saved addresses found with a person's data: deleted, which erases them (0061). */
const eraseAddresses = (addressIds: string[]) =>
  addressIds.map((id) =>
    target({
      id,
      streamId: addressStream(id),
      decider: addressDecider,
      command: { type: 'delete', id },
    }),
  );

export const privacyHandlers = {
  ERASE_PERSONAL_DATA: (({ orderIds = [], userIds = [], addressIds = [] }, ctx) => [
    ...eraseOrders(orderIds, ctx),
    ...eraseUsers(userIds, ctx),
    ...eraseAddresses(addressIds),
  ]) satisfies Handler<'ERASE_PERSONAL_DATA'>,
};
