import {
  AppError,
  type ShdCapacityEvent,
  type ShdSettingsEvent,
  type ShdSettingsFields,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import { refusedField } from '../framework/refusals.js';

/**
 * Same-day home delivery (docs/decisions/0092-shd.md): a department's settings on their own
 * stream, replaced whole; a department's delivery day on its own stream holding the orders that
 * took its places, so the day's count is decided on the stream the booking appends to.
 */

export type ShdSettingsState = { settings: ShdSettingsFields | null };

const same = (a: ShdSettingsFields, b: ShdSettingsFields) =>
  a.enabled === b.enabled &&
  a.dailyCapacity === b.dailyCapacity &&
  a.serviceIds.length === b.serviceIds.length &&
  a.serviceIds.every((s, i) => s === b.serviceIds[i]);

export const shdSettingsDecider: Decider<
  ShdSettingsState,
  { type: 'set'; fields: ShdSettingsFields },
  ShdSettingsEvent
> = {
  initialState: { settings: null },
  evolve: (_state, event) => {
    const { id: _id, ...settings } = event.data;
    return { settings };
  },
  decide: (command, state) =>
    state.settings !== null && same(state.settings, command.fields)
      ? []
      : [
          {
            type: 'ShdSettingsSet',
            data: { id: command.fields.departmentId, ...command.fields },
          },
        ],
};

export type ShdDayState = { orderIds: ReadonlySet<string> };

export type ShdDayCommand =
  | {
      type: 'take';
      departmentId: string;
      date: string;
      orderIds: string[];
      /** The department's daily capacity when the booking was decided (its settings stream). */
      capacity: number;
    }
  | { type: 'free'; departmentId: string; date: string; orderIds: string[] };

/** The day is full: 400 on the order's delivery date, nothing written. */
export const shdFull = (date: string, capacity: number) =>
  refusedField('deliveryDate', 'validation.shdFull', `${date}, ${capacity} a day`);

export const shdDayDecider: Decider<ShdDayState, ShdDayCommand, ShdCapacityEvent> = {
  initialState: { orderIds: new Set() },
  evolve: (state, event) => {
    const next = new Set(state.orderIds);
    for (const id of event.data.orderIds)
      if (event.type === 'ShdPlacesTaken') next.add(id);
      else next.delete(id);
    return { orderIds: next };
  },
  decide: (command, state) => {
    if (command.type === 'free') {
      const held = command.orderIds.filter((id) => state.orderIds.has(id));
      return held.length === 0
        ? []
        : [
            {
              type: 'ShdPlacesFreed',
              data: { departmentId: command.departmentId, date: command.date, orderIds: held },
            },
          ];
    }
    const fresh = [...new Set(command.orderIds)].filter((id) => !state.orderIds.has(id));
    if (fresh.length === 0) return [];
    if (state.orderIds.size + fresh.length > command.capacity)
      throw shdFull(command.date, command.capacity);
    return [
      {
        type: 'ShdPlacesTaken',
        data: {
          departmentId: command.departmentId,
          date: command.date,
          orderIds: fresh,
          capacity: command.capacity,
        },
      },
    ];
  },
};

/** SHD is off for the department: 400 on the order's service, nothing written. */
export const shdOff = (departmentId: string) =>
  refusedField('serviceId', 'validation.shdOff', `department ${departmentId}`);

/**
 * The settings a booking's places were decided under, checked in its append (the stream is
 * appended with no events at the revision read, `expectOnly`): settings changed since refuse the
 * booking, with `shdOff` when its service is now switched off, else as a concurrency conflict
 * (the booking is decided again on the new settings when sent again).
 */
export const shdSettingsCheck: Decider<
  ShdSettingsState,
  { type: 'expect'; departmentId: string; serviceIds: string[]; settings: ShdSettingsFields },
  ShdSettingsEvent
> = {
  initialState: shdSettingsDecider.initialState,
  evolve: (state, event) => shdSettingsDecider.evolve(state, event),
  decide: (command, state) => {
    const now = state.settings;
    if (now && same(now, command.settings)) return [];
    if (now && !now.enabled && command.serviceIds.some((s) => now.serviceIds.includes(s)))
      throw shdOff(command.departmentId);
    throw new AppError(
      'CONCURRENCY_CONFLICT',
      `The same-day home delivery settings of department ${command.departmentId} changed while the booking was decided; send it again`,
    );
  },
};
