import { describe, expect, it } from '@jest/globals';
import { comingWorkingDays } from './week.js';
import { nordicPublicHolidays } from './holidays.js';

const holidays = [...nordicPublicHolidays(2026), ...nordicPublicHolidays(2027)];

describe('the demo week', () => {
  it('takes the working days after today: weekends and the country’s holidays left out', () => {
    // Saturday 5 December 2026: the next four working days are Monday to Thursday.
    expect(comingWorkingDays('2026-12-05', 'NO', 4, holidays)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
    // Finland's Independence Day (6 December) falls on a Sunday in 2026; in 2027 on a Monday.
    expect(comingWorkingDays('2027-12-03', 'FI', 2, holidays)).toEqual([
      '2027-12-07',
      '2027-12-08',
    ]);
    expect(comingWorkingDays('2027-12-03', 'NO', 1, holidays)).toEqual(['2027-12-06']);
  });

  it('crosses into the next year past Christmas and New Year', () => {
    expect(comingWorkingDays('2026-12-23', 'SE', 3, holidays)).toEqual([
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
    ]);
    expect(comingWorkingDays('2026-12-31', 'DK', 1, holidays)).toEqual(['2027-01-04']);
  });

  it('none asked, none given', () => {
    expect(comingWorkingDays('2026-12-05', 'DK', 0, holidays)).toEqual([]);
  });
});
