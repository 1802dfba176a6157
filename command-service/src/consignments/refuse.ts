import { AppError, type ConsignmentAction, type ConsignmentState } from '@nordlog/contracts';

/** An action the transition table (spec §4) does not allow from the order's state. */
export function refuse(action: ConsignmentAction, state: ConsignmentState): never {
  throw new AppError(
    'INVALID_STATE_TRANSITION',
    `Cannot ${action} a consignment in state ${state}`,
    { action, state },
  );
}
