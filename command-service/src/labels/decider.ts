import { AppError, type LabelEvent, type OrderLabel } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

export type LabelState = { status: 'none' } | { status: 'created'; label: OrderLabel };
export type LabelCommand = { type: 'CREATE'; label: OrderLabel };

/**
 * A label document: one stream each, created once. A reprint is a new document (a new
 * `orderLabelId`), so the record says who printed which labels when, every time.
 */
export const labelDecider: Decider<LabelState, LabelCommand, LabelEvent> = {
  initialState: { status: 'none' },
  evolve: (_state, event) => ({ status: 'created', label: event.data }),
  decide(command, state) {
    if (state.status === 'created')
      throw new AppError('ALREADY_EXISTS', `Label document ${state.label.id} already exists`);
    return [{ type: 'LabelCreated', data: command.label }];
  },
};
