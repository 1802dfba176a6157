import { AppError, type Holiday, type HolidayEvent, type HolidayFields } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * One stream per (country, date, type): the holiday id is that key (contracts `holidayId`), so a
 * duplicate is refused by the stream itself. A deleted holiday can be created again.
 */
export type HolidayState =
  { status: 'none' } | { status: 'exists'; holiday: Holiday } | { status: 'deleted' };

export type HolidayCommand =
  { type: 'create'; id: string; fields: HolidayFields } | { type: 'delete'; id: string };

export const holidayDecider: Decider<HolidayState, HolidayCommand, HolidayEvent> = {
  initialState: { status: 'none' },
  evolve(_state, event) {
    switch (event.type) {
      case 'HolidayCreated':
        return { status: 'exists', holiday: event.data };
      case 'HolidayDeleted':
        return { status: 'deleted' };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create': {
        if (state.status === 'exists') {
          const { type, date, country } = state.holiday;
          throw new AppError(
            'ALREADY_EXISTS',
            `A ${type} holiday on ${date} in ${country} exists already (id ${command.id})`,
          );
        }
        return [{ type: 'HolidayCreated', data: { id: command.id, ...command.fields } }];
      }
      case 'delete':
        if (state.status === 'none')
          throw new AppError('NOT_FOUND', `Holiday ${command.id} not found`);
        return state.status === 'deleted'
          ? []
          : [{ type: 'HolidayDeleted', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
