import type {
  CourierLocation,
  CourierLocationEvent,
  PersonalDataErasedEvent,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

export type CourierLocationState = { last: CourierLocation | null };
export type CourierLocationCommand = { type: 'report'; location: CourierLocation };

/**
 * A courier's positions: one stream per courier. A report measured no later than the last one
 * changes nothing (a retry, or a report that arrived out of order).
 */
export const courierLocationDecider: Decider<
  CourierLocationState,
  CourierLocationCommand,
  CourierLocationEvent | PersonalDataErasedEvent
> = {
  initialState: { last: null },
  // A day's positions expired (PersonalDataErased): the last report is still the last one.
  evolve: (state, event) =>
    event.type === 'CourierLocationReported' ? { last: event.data } : state,
  decide(command, state) {
    const { location } = command;
    if (state.last && Date.parse(location.at) <= Date.parse(state.last.at)) return [];
    return [{ type: 'CourierLocationReported', data: location }];
  },
};
