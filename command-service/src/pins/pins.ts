import {
  pinKey,
  type PinAddress,
  type PinnedAddress,
  type PinnedAddressEvent,
  type PinnedAddressText,
} from '@nordlog/contracts';
import { createHash } from 'node:crypto';
import { assertDepartmentsExist } from '../framework/references.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { target, type Decider } from '../framework/decider.js';
import type { CommandReads } from '../framework/commandReads.js';
import type { Handler, HandlerContext } from '../framework/handler.js';

/**
 * A planner's pins (issue 36, docs/decisions/0035-precision.md): one stream per department and
 * address (its `pinKey`), so the command side finds an address's pin by folding one stream, as it
 * reads a department, and never reads a read model. The last pin wins; the same point again is
 * nothing new.
 */
export type PinState = { pin: PinnedAddress | null };

export const pinDecider: Decider<PinState, PinnedAddress, PinnedAddressEvent> = {
  initialState: { pin: null },
  evolve: (_state, event) => ({ pin: event.data }),
  decide(command, state) {
    const same = state.pin && state.pin.lat === command.lat && state.pin.lng === command.lng;
    return same ? [] : [{ type: 'AddressPinned', data: command }];
  },
};

/** The stream of a department's pin of an address (a digest of its key: any text, bounded). */
export const pinStream = (departmentId: string, key: string): string =>
  `pinnedAddress-${departmentId}-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

/** The department's pin of an address, if a planner set one. */
export async function pinOf(
  ctx: Pick<HandlerContext, 'loadMany'>,
  departmentId: string,
  address: PinnedAddressText,
): Promise<PinnedAddress | null> {
  return (await pinsOf(ctx, departmentId, [address]))[0]!;
}

/**
 * The department's pins of several addresses (a booking's pickup and delivery), in the order
 * asked, read in one round trip; an empty address has none.
 */
export async function pinsOf(
  ctx: Pick<HandlerContext, 'loadMany'>,
  departmentId: string,
  addresses: readonly PinnedAddressText[],
): Promise<(PinnedAddress | null)[]> {
  const asked = addresses.filter((a) => a.address.trim());
  const read =
    asked.length === 0
      ? []
      : await ctx.loadMany(
          asked.map((a) => pinStream(departmentId, pinKey(a))),
          pinDecider,
        );
  let next = 0;
  return addresses.map((a) => (a.address.trim() ? read[next++]!.state.pin : null));
}

/**
 * Starts reading the department's pins of these addresses with the command's references
 * (`pinsOf` then finds them read); an empty address has none.
 */
export function prefetchPins(
  reads: Pick<CommandReads, 'prefetch'>,
  departmentId: string,
  addresses: readonly PinnedAddressText[],
): void {
  reads.prefetch(
    addresses.filter((a) => a.address.trim()).map((a) => pinStream(departmentId, pinKey(a))),
    pinDecider,
  );
}

export const pinHandlers = {
  PIN_ADDRESS: (async (fields: PinAddress, ctx) => {
    assertDepartmentsInScope(ctx.identity, [fields.departmentId]);
    await assertDepartmentsExist(ctx, [fields.departmentId], 'departmentId');
    const key = pinKey(fields);
    return [
      target({
        id: fields.departmentId,
        streamId: pinStream(fields.departmentId, key),
        decider: pinDecider,
        command: { ...fields, key },
      }),
    ];
  }) satisfies Handler<'PIN_ADDRESS'>,
};
