import { describe, it } from '@jest/globals';
import type { HolidayEvent, HolidayFields } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { holidayDecider } from './decider.js';

const fields: HolidayFields = { country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-05-17' };
const created: HolidayEvent = { type: 'HolidayCreated', data: { id: '578202605171', ...fields } };
const deleted: HolidayEvent = { type: 'HolidayDeleted', data: { id: '578202605171' } };

describe('holidays', () => {
  it('S7-CMD-001 S3-ENT-051 CREATE_HOLIDAY {country, type, date} creates a holiday', () => {
    given(holidayDecider).when({ type: 'create', id: '578202605171', fields }).then([created]);
  });
  it('refuses a duplicate (same country, date and type) with ALREADY_EXISTS', () => {
    given(holidayDecider, [created])
      .when({ type: 'create', id: '578202605171', fields })
      .thenRefuses('ALREADY_EXISTS');
  });
  it('S7-CMD-002 DELETE_HOLIDAY {id} deletes it; the same holiday can then be created again', () => {
    given(holidayDecider, [created]).when({ type: 'delete', id: '578202605171' }).then([deleted]);
    given(holidayDecider, [created, deleted])
      .when({ type: 'delete', id: '578202605171' })
      .thenNothing();
    given(holidayDecider, [created, deleted])
      .when({ type: 'create', id: '578202605171', fields })
      .then([created]);
  });
  it('refuses to delete a holiday that never existed (NOT_FOUND)', () => {
    given(holidayDecider).when({ type: 'delete', id: '578202605171' }).thenRefuses('NOT_FOUND');
  });
});
