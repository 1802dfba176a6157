import { describe, expect, it } from '@jest/globals';
import type { ProductionTimeWindow, ProductionTimeWindowEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { departmentWeekDecider, productionWindowsDecider } from './decider.js';

const window = (over: Partial<ProductionTimeWindow> = {}): ProductionTimeWindow => ({
  id: '1',
  departmentId: '10',
  name: 'Christmas',
  fromDate: '2031-12-15',
  toDate: '2031-12-23',
  pickupHours: [{ weekday: 'SAT', start: '09:00', end: '15:00' }],
  deliveryHours: [],
  bookingCutoff: null,
  ...over,
});
const added = (w: ProductionTimeWindow): ProductionTimeWindowEvent => ({
  type: 'ProductionTimeWindowAdded',
  data: w,
});
const fields = ({ id: _id, ...rest }: ProductionTimeWindow) => rest;

describe('production time windows (docs/decisions/0078)', () => {
  it('S7-CMD-055 adds, edits and deletes a window', () => {
    given(productionWindowsDecider)
      .when({ type: 'add', id: '1', fields: fields(window()) })
      .then([added(window())]);
    given(productionWindowsDecider, [added(window())])
      .when({ type: 'edit', id: '1', changes: { toDate: '2031-12-24' } })
      .then([
        {
          type: 'ProductionTimeWindowEdited',
          data: { id: '1', changes: { toDate: '2031-12-24' } },
        },
      ]);
    given(productionWindowsDecider, [added(window())])
      .when({ type: 'delete', id: '1' })
      .then([{ type: 'ProductionTimeWindowDeleted', data: { id: '1' } }]);
  });

  it('refuses a window sharing a date with another of its department, not of another department', () => {
    const second = window({ id: '2', fromDate: '2031-12-23', toDate: '2031-12-31' });
    given(productionWindowsDecider, [added(window())])
      .when({ type: 'add', id: '2', fields: fields(second) })
      .thenRefuses('VALIDATION_ERROR');
    given(productionWindowsDecider, [added(window())])
      .when({ type: 'add', id: '2', fields: fields({ ...second, departmentId: '11' }) })
      .then([added({ ...second, departmentId: '11' })]);
  });

  it('an edit is held to the rules on the window it makes; an edit that changes nothing appends nothing', () => {
    const later = window({ id: '2', fromDate: '2032-01-05', toDate: '2032-01-09' });
    given(productionWindowsDecider, [added(window()), added(later)])
      .when({ type: 'edit', id: '2', changes: { fromDate: '2031-12-20' } })
      .thenRefuses('VALIDATION_ERROR');
    given(productionWindowsDecider, [added(window())])
      .when({ type: 'edit', id: '1', changes: { fromDate: '2031-12-24' } })
      .thenRefuses('VALIDATION_ERROR');
    given(productionWindowsDecider, [added(window())])
      .when({
        type: 'edit',
        id: '1',
        // Keys in another order, as a stored event gives them back.
        changes: { pickupHours: [{ end: '15:00', start: '09:00', weekday: 'SAT' }] },
      })
      .thenNothing();
  });

  it('an edit or delete of a window that does not exist is NOT_FOUND', () => {
    given(productionWindowsDecider)
      .when({ type: 'edit', id: '9', changes: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
    given(productionWindowsDecider).when({ type: 'delete', id: '9' }).thenRefuses('NOT_FOUND');
  });

  it('S7-CMD-026 the week is set whole; the same week again appends nothing', () => {
    const week = {
      departmentId: '10',
      pickupHours: [{ weekday: 'MON' as const, start: '08:00', end: '16:00' }],
      deliveryHours: [],
      bookingCutoff: '14:00',
      minimumLeadMinutes: 30,
    };
    const set = { type: 'DepartmentTimeWindowSet' as const, data: { id: '10', ...week } };
    given(departmentWeekDecider).when({ type: 'set', fields: week }).then([set]);
    given(departmentWeekDecider, [set]).when({ type: 'set', fields: week }).thenNothing();
    expect(
      departmentWeekDecider.decide(
        { type: 'set', fields: { ...week, bookingCutoff: null } },
        departmentWeekDecider.evolve(departmentWeekDecider.initialState, set),
      ),
    ).toHaveLength(1);
  });
});
