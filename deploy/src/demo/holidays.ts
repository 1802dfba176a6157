import type { HolidayFields, MarketCountry } from '@nordlog/contracts';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** `date` plus `days` (yyyy-MM-dd, calendar arithmetic in UTC). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The day of the given weekday (0 = Sunday … 6 = Saturday) in [from, from + 6]. */
function weekdayFrom(year: number, month: number, fromDay: number, weekday: number): string {
  const start = iso(year, month, fromDay);
  const offset = (weekday - new Date(`${start}T00:00:00Z`).getUTCDay() + 7) % 7;
  return addDays(start, offset);
}

/**
 * Public holidays of the four markets in a year: the fixed days and those that move with Easter or
 * midsummer. Not every holiday of each country, but the ones a courier operation plans around.
 */
export function nordicPublicHolidays(year: number): HolidayFields[] {
  const easter = easterSunday(year);
  const fromEaster = (days: number) => addDays(easter, days);
  const days: Record<MarketCountry, string[]> = {
    NO: [
      iso(year, 1, 1),
      fromEaster(-3), // Maundy Thursday
      fromEaster(-2), // Good Friday
      fromEaster(1), // Easter Monday
      iso(year, 5, 1),
      iso(year, 5, 17), // Constitution Day
      fromEaster(39), // Ascension Day
      fromEaster(50), // Whit Monday
      iso(year, 12, 25),
      iso(year, 12, 26),
    ],
    SE: [
      iso(year, 1, 1),
      iso(year, 1, 6), // Epiphany
      fromEaster(-2),
      fromEaster(1),
      iso(year, 5, 1),
      fromEaster(39),
      iso(year, 6, 6), // National Day
      weekdayFrom(year, 6, 20, 6), // Midsummer Day: the Saturday in 20–26 June
      iso(year, 12, 25),
      iso(year, 12, 26),
    ],
    DK: [
      iso(year, 1, 1),
      fromEaster(-3),
      fromEaster(-2),
      fromEaster(1),
      fromEaster(39),
      fromEaster(50),
      iso(year, 12, 25),
      iso(year, 12, 26),
    ],
    FI: [
      iso(year, 1, 1),
      iso(year, 1, 6),
      fromEaster(-2),
      fromEaster(1),
      iso(year, 5, 1),
      fromEaster(39),
      weekdayFrom(year, 6, 20, 6), // Midsummer Day
      iso(year, 12, 6), // Independence Day
      iso(year, 12, 25),
      iso(year, 12, 26),
    ],
  };
  return (Object.keys(days) as MarketCountry[]).flatMap((country) =>
    [...new Set(days[country])]
      .sort()
      .map((date) => ({ country, type: 'PUBLIC_HOLIDAY' as const, date })),
  );
}
