import { AppError, type Template, type TemplateEvent } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

export type TemplateState =
  { status: 'none' } | { status: 'exists' | 'deleted'; template: Template; datesCreated: string[] };

export type TemplateCommand =
  | { type: 'save'; template: Template }
  | { type: 'delete'; id: string }
  | {
      type: 'slotsCreated';
      id: string;
      dates: string[];
      skipped: { date: string; reason: string }[];
    };

/**
 * A slot template (spec §7 CREATE_OR_UPDATE_TEMPLATE): saved whole, deleted once. It remembers the
 * days it made slots for, so making slots for a day twice is refused by the template's stream.
 */
export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'TemplateSaved':
        return {
          status: 'exists',
          template: event.data,
          datesCreated: state.status === 'none' ? [] : state.datesCreated,
        };
      case 'TemplateDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      case 'SlotsCreatedFromTemplate':
        return state.status === 'none'
          ? state
          : { ...state, datesCreated: [...state.datesCreated, ...event.data.dates] };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'save': {
        if (state.status === 'deleted')
          throw new AppError('NOT_FOUND', `Template ${command.template.id} was deleted`);
        if (state.status === 'exists') {
          if (state.template.departmentId !== command.template.departmentId)
            throw new AppError('BAD_REQUEST', 'departmentId: a template keeps its department');
          if (JSON.stringify(state.template) === JSON.stringify(command.template)) return [];
        }
        return [{ type: 'TemplateSaved', data: command.template }];
      }
      case 'delete':
        if (state.status === 'none')
          throw new AppError('NOT_FOUND', `Template ${command.id} not found`);
        return state.status === 'deleted'
          ? []
          : [{ type: 'TemplateDeleted', data: { id: command.id } }];
      case 'slotsCreated': {
        if (state.status !== 'exists')
          throw new AppError('NOT_FOUND', `Template ${command.id} not found`);
        const done = new Set(state.datesCreated);
        // The handler left out the days done; one done since is a race it lost: it runs again.
        if (command.dates.some((d) => done.has(d)))
          throw new AppError('CONCURRENCY_CONFLICT', 'Slots were made from the template meanwhile');
        return command.dates.length === 0 && command.skipped.length === 0
          ? []
          : [
              {
                type: 'SlotsCreatedFromTemplate',
                data: { id: command.id, dates: command.dates, skipped: command.skipped },
              },
            ];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
