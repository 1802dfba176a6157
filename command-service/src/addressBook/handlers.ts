import { addressStream, type AddressBlock, type AddressFields } from '@nordlog/contracts';
import { target, type Decider } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import { placeBlocks } from '../consignments/booking.js';
import { addressDecider, type AddressState } from './decider.js';

const handlers = referenceHandlers<AddressFields>(
  'address',
  addressStream,
  addressDecider as Decider<unknown, ReferenceCommand<AddressFields>, never>,
);

/**
 * A saved address is placed on the map once, when it is saved without a point: by a planner's
 * pin of the address in its department, else by the geocoder (as a booking's sides are). One the
 * geocoder cannot place is saved without a point; the screen says so and takes one by hand.
 */
async function placed(
  ctx: HandlerContext,
  departmentId: string,
  block: AddressBlock,
): Promise<AddressBlock> {
  const [one] = await placeBlocks(ctx, departmentId, [block]);
  return one!.block;
}

/** Whether an update's block is the saved one's place (then its saved point stays). */
const samePlace = (a: AddressBlock, b: AddressBlock) =>
  a.address === b.address && a.zipCode === b.zipCode && a.countryCode === b.countryCode;

export const addressBookHandlers = {
  CREATE_ADDRESS: (async (fields, ctx) =>
    handlers.create(
      { ...fields, block: await placed(ctx, fields.departmentId, fields.block) },
      ctx,
    )) satisfies Handler<'CREATE_ADDRESS'>,
  UPDATE_ADDRESS: (async (payload, ctx) => {
    if (!payload.block) return handlers.update(payload);
    const { state } = await ctx.loadVersioned<AddressState>(
      addressStream(payload.id),
      addressDecider,
    );
    let block = payload.block;
    if (state.status === 'exists') {
      const before = state.entity.block;
      // The same place sent without a point keeps the point it was given (by hand, or found).
      if (block.lat == null && before.lat != null && samePlace(block, before))
        block = {
          ...block,
          lat: before.lat,
          lng: before.lng,
          ...(before.resolvedBy ? { resolvedBy: before.resolvedBy } : {}),
          ...(before.precision ? { precision: before.precision } : {}),
        };
      block = await placed(ctx, payload.departmentId ?? state.entity.departmentId, block);
    }
    return handlers.update({ ...payload, block });
  }) satisfies Handler<'UPDATE_ADDRESS'>,
  DELETE_ADDRESS: (({ id }) => [
    target({
      id,
      streamId: addressStream(id),
      decider: addressDecider,
      command: { type: 'delete', id },
    }),
  ]) satisfies Handler<'DELETE_ADDRESS'>,
};
