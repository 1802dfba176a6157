import { describe, expect, it } from '@jest/globals';
import { fold } from '../framework/decider.js';
import {
  occurrenceDecider,
  recurringIndexDecider,
  recurringOrderDecider,
  runDecider,
  type OccurrenceCommand,
} from './decider.js';

const key = {
  id: '7:2027-03-01',
  recurringOrderId: '7',
  departmentId: '1',
  occurrence: '2027-03-01',
  date: '2027-03-01',
};
const book: OccurrenceCommand = { type: 'book', ...key, orderIds: ['100'] };
const skip = (reason: 'PAUSED' | 'HOLIDAY', message: string | null = null): OccurrenceCommand => ({
  type: 'skip',
  ...key,
  reason,
  movedTo: null,
  message,
});

describe('recurring order deciders (docs/decisions/0058)', () => {
  it('S7-CMD-020 an occurrence books once: booking again, or skipping after, decides nothing', () => {
    const booked = occurrenceDecider.decide(book, occurrenceDecider.initialState);
    expect(booked.map((e) => e.type)).toEqual(['RecurringOrderBooked']);
    const state = fold(occurrenceDecider, booked);
    expect(occurrenceDecider.decide(book, state)).toEqual([]);
    expect(occurrenceDecider.decide(skip('PAUSED'), state)).toEqual([]);
  });

  it('a skip is recorded again only when its reason changed, and a skipped occurrence may still book', () => {
    const paused = fold(
      occurrenceDecider,
      occurrenceDecider.decide(skip('PAUSED'), occurrenceDecider.initialState),
    );
    expect(occurrenceDecider.decide(skip('PAUSED'), paused)).toEqual([]);
    expect(occurrenceDecider.decide(skip('HOLIDAY'), paused)).toHaveLength(1);
    expect(occurrenceDecider.decide(book, paused).map((e) => e.type)).toEqual([
      'RecurringOrderBooked',
    ]);
  });

  it('S7-CMD-017 S7-CMD-018 a save adds only orders not held; a removal takes out only held ones; a deleted one is not found', () => {
    const schedule = {
      name: 'x',
      startDate: '2027-03-01',
      endDate: null,
      weekdays: [1],
      intervalDays: null,
      holidayPolicy: 'SKIP' as const,
    };
    const template = (orderId: string) => ({
      orderId,
      order: {} as never,
      deliveryOffsetDays: null,
    });
    const save = (orders: string[]) =>
      ({
        type: 'save',
        id: '7',
        departmentId: '1',
        schedule,
        orders: orders.map(template),
      }) as const;
    let events = recurringOrderDecider.decide(save(['1']), recurringOrderDecider.initialState);
    let state = fold(recurringOrderDecider, events);
    // The same schedule and a held order: nothing; a new order: only it.
    expect(recurringOrderDecider.decide(save(['1']), state)).toEqual([]);
    events = recurringOrderDecider.decide(save(['1', '2']), state);
    expect(events).toEqual([
      { type: 'RecurringOrderOrdersAdded', data: { id: '7', orders: [template('2')] } },
    ]);
    state = fold(recurringOrderDecider, [
      ...recurringOrderDecider.decide(save(['1']), { status: 'none' }),
      ...events,
    ]);
    expect(
      recurringOrderDecider.decide({ type: 'remove', id: '7', orderIds: ['2', '9'] }, state),
    ).toEqual([{ type: 'RecurringOrderOrdersRemoved', data: { id: '7', orderIds: ['2'] } }]);
    const deleted = fold(recurringOrderDecider, [
      ...recurringOrderDecider.decide(save(['1']), { status: 'none' }),
      { type: 'RecurringOrderDeleted', data: { id: '7' } },
    ]);
    expect(() => recurringOrderDecider.decide({ type: 'delete', id: '7' }, deleted)).toThrow(
      /not found/,
    );
    expect(() => recurringOrderDecider.decide(save(['1']), deleted)).toThrow(/not found/);
  });

  it('the department list and the executed date record each change once', () => {
    const listed = fold(recurringIndexDecider, [
      { type: 'RecurringOrderListed', data: { departmentId: '1', id: '7' } },
    ]);
    expect(listed.ids).toEqual(['7']);
    expect(
      recurringIndexDecider.decide({ type: 'list', departmentId: '1', id: '7' }, listed),
    ).toEqual([]);
    const run = { id: '1:2027-03-01', departmentId: '1', date: '2027-03-01' };
    const executed = fold(runDecider, runDecider.decide(run, runDecider.initialState));
    expect(runDecider.decide(run, executed)).toEqual([]);
  });
});
