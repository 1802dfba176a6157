import { describe, expect, it } from '@jest/globals';
import { OUTLIER_KM, outlierStops } from './outliers.js';
import { greatCircleMetres } from './travel.js';

const oslo = { lat: 59.9127, lng: 10.7461 };
const grunerlokka = { lat: 59.9245, lng: 10.7585 };
const lillestrom = { lat: 59.9559, lng: 11.0504 };
/** Where "Tvetenveien 150, 0671" was saved when 150 was read as postal code 1501 (issue 36). */
const moss = { lat: 59.4344, lng: 10.6577 };

describe('outlierStops', () => {
  it('flags a stop more than 30 km from every other stop of its route, and only it', () => {
    expect(greatCircleMetres(oslo, moss) / 1000).toBeGreaterThan(OUTLIER_KM);
    expect(outlierStops([oslo, grunerlokka, moss, lillestrom])).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('a stop within 30 km of any one other stop is not an outlier, however far the rest', () => {
    // Lillestrøm is about 17 km from Oslo's centre and 60 km from Moss.
    expect(outlierStops([lillestrom, oslo])).toEqual([false, false]);
    // Two stops far apart are each more than 30 km from every other: both flagged.
    expect(outlierStops([oslo, moss])).toEqual([true, true]);
  });

  it('the limit is inclusive of 30 km and exclusive beyond it', () => {
    const d = greatCircleMetres(oslo, lillestrom) / 1000;
    expect(outlierStops([oslo, lillestrom], d)).toEqual([false, false]);
    expect(outlierStops([oslo, lillestrom], d - 0.01)).toEqual([true, true]);
  });

  it('unplaced stops are never outliers and count for nothing; one placed stop is alone, not an outlier', () => {
    expect(outlierStops([null, moss, undefined])).toEqual([false, false, false]);
    expect(outlierStops([null, moss, oslo])).toEqual([false, true, true]);
    expect(outlierStops([])).toEqual([]);
  });

  it('stops at the same point are not outliers', () => {
    expect(outlierStops([moss, moss, oslo, grunerlokka])).toEqual([false, false, false, false]);
  });
});
