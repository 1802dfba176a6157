import {
  AppError,
  canTransition,
  type ConsignmentEvent,
  type ConsignmentState,
  type DeviationEvent,
  type DeviationFields,
  type DeviationOrderScope,
} from '@nordlog/contracts';
import { withChanges, withoutRecord, withRecord, type Records } from '../framework/records.js';

/**
 * Deviations on the order's stream (docs/decisions/0051-deviations.md): the part of the order's
 * decider that records, updates and deletes them. Recording one moves the consignment to
 * DEVIATED in the same append (the transition table's `deviate`); a consignment that is DEVIATED
 * already takes a further deviation without a move (a second attempt failed too).
 */
export type DeviationCommand =
  | ({ type: 'RECORD_DEVIATION'; id: string } & DeviationFields)
  | {
      type: 'UPDATE_DEVIATION';
      id: string;
      changes: Partial<Pick<DeviationFields, 'reason' | 'text' | 'photoRef'>>;
    }
  | { type: 'DELETE_DEVIATION'; id: string };

/** The order's deviations: the live ones by id, and the ids deleted (a delete again is nothing). */
export interface Deviations {
  live: Records<DeviationFields>;
  deleted: readonly string[];
}
export const NO_DEVIATIONS: Deviations = { live: {}, deleted: [] };

/** What the deviation commands need of the order's state. */
export interface DeviatingOrder {
  state: ConsignmentState;
  erased: boolean;
  deviations: Deviations;
  scope: DeviationOrderScope;
}

const notFound = (id: string) =>
  new AppError('NOT_FOUND', `The order has no deviation ${id}`, { deviationId: id });

/** Personal data given for an order whose parties' data was erased: refused (0050). */
function refuseErased(o: DeviatingOrder, fields: Partial<DeviationFields>) {
  if (o.erased && (fields.text || fields.position || fields.photoRef))
    throw new AppError(
      'PERSONAL_DATA_ERASED',
      "The order's personal data was erased: a deviation on it takes no text, position or photo",
    );
}

/** The deviation's event, and the consignment's move to DEVIATED unless it is there already. */
export function recordDeviation(
  o: DeviatingOrder,
  command: Extract<DeviationCommand, { type: 'RECORD_DEVIATION' }>,
  comment: string | null = command.text,
): (DeviationEvent | ConsignmentEvent)[] {
  refuseErased(o, command);
  if (o.state !== 'DEVIATED' && !canTransition('deviate', o.state))
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      `Cannot deviate a consignment in state ${o.state}: a deviation is reported while it is planned or on its way`,
      { action: 'deviate', state: o.state },
    );
  const { type: _t, ...fields } = command;
  const recorded: DeviationEvent = {
    type: 'DeviationRecorded',
    data: { ...fields, order: o.scope },
  };
  if (o.state === 'DEVIATED') return [recorded];
  return [
    recorded,
    {
      type: 'ConsignmentDeviated',
      data: { manual: true, reason: command.reason, comment, state: 'DEVIATED' },
    },
  ];
}

export function decideDeviation(
  o: DeviatingOrder,
  command: DeviationCommand,
): (DeviationEvent | ConsignmentEvent)[] {
  switch (command.type) {
    case 'RECORD_DEVIATION':
      if (o.deviations.live[command.id] || o.deviations.deleted.includes(command.id))
        throw new AppError('ALREADY_EXISTS', `Deviation ${command.id} exists already`);
      return recordDeviation(o, command);
    case 'UPDATE_DEVIATION': {
      const current = o.deviations.live[command.id];
      if (!current) throw notFound(command.id);
      refuseErased(o, command.changes);
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([k, v]) => v !== undefined && current[k as keyof DeviationFields] !== v,
        ),
      );
      const after = { ...current, ...changes };
      if (after.reason === 'OTHER' && !after.text)
        throw new AppError('VALIDATION_ERROR', 'payload.text: the reason OTHER needs its text', {
          field: 'text',
          key: 'validation.required',
        });
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'DeviationUpdated', data: { id: command.id, changes } }];
    }
    case 'DELETE_DEVIATION':
      if (o.deviations.deleted.includes(command.id)) return [];
      if (!o.deviations.live[command.id]) throw notFound(command.id);
      return [{ type: 'DeviationDeleted', data: { id: command.id } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export function evolveDeviations(d: Deviations, event: DeviationEvent): Deviations {
  switch (event.type) {
    case 'DeviationRecorded': {
      const { id, order: _o, ...fields } = event.data;
      return { ...d, live: withRecord(d.live, id, fields) };
    }
    case 'DeviationUpdated':
      return { ...d, live: withChanges(d.live, event.data.id, event.data.changes) };
    case 'DeviationDeleted':
      return { live: withoutRecord(d.live, event.data.id), deleted: [...d.deleted, event.data.id] };
    default: {
      const never: never = event;
      return never;
    }
  }
}
