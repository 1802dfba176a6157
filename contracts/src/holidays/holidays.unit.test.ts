import { describe, expect, it } from '@jest/globals';
import { createHolidaySchema, holidayId } from './index.js';

describe('holidays', () => {
  it('S3-ENT-051 a holiday is {country, type, date}; the date must exist', () => {
    expect(
      createHolidaySchema.parse({ country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-05-17' }),
    ).toEqual({ country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-05-17' });
    for (const bad of [
      { country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-02-30' },
      { country: 'NO', type: 'PUBLIC_HOLIDAY', date: '17.05.2026' },
      { country: 'DE', type: 'PUBLIC_HOLIDAY', date: '2026-05-17' },
      { country: 'NO', type: 'BANK_HOLIDAY', date: '2026-05-17' },
    ])
      expect(createHolidaySchema.safeParse(bad).success).toBe(false);
  });
  it('the id is the natural key as a number: country, date and type each give another id', () => {
    const base = { country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-12-25' } as const;
    expect(holidayId(base)).toBe('578202612251');
    const ids = [
      holidayId(base),
      holidayId({ ...base, country: 'SE' }),
      holidayId({ ...base, date: '2026-12-26' }),
      holidayId({ ...base, type: 'NO_DELIVERY' }),
      holidayId({ ...base, type: 'NO_PICKUP' }),
    ];
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{11}$/);
  });
});
