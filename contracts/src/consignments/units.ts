import type { MeasurementLine } from './order.js';
/**
 * Unit normalisation (spec §3, §9): weights to KGM, volumes to DMQ, lengths to CMT.
 * Codes are UN/ECE Recommendation 20; the common short names are accepted too.
 */
export type QuantityKind = 'weight' | 'volume' | 'length';

export const canonicalUnit = { weight: 'KGM', volume: 'DMQ', length: 'CMT' } as const;

const factors: Record<QuantityKind, Record<string, number>> = {
  weight: { KGM: 1, kg: 1, GRM: 0.001, g: 0.001 },
  volume: { DMQ: 1, dm3: 1, 'dm³': 1, MTQ: 1000, m3: 1000, 'm³': 1000, LTR: 1, l: 1 },
  length: { CMT: 1, cm: 1, DMT: 10, dm: 10, MTR: 100, m: 100, KMT: 100_000, km: 100_000 },
};

export interface Normalised {
  value: number;
  unit: string;
  /** True when the unit was not known and a factor of 1 was used (spec §8: log a warning). */
  unknownUnit: boolean;
}

export function normaliseUnit(
  kind: QuantityKind,
  value: number,
  unit: string | undefined,
): Normalised {
  const from = unit ?? canonicalUnit[kind];
  const factor = factors[kind][from];
  const result = Math.round(value * (factor ?? 1) * 1e6) / 1e6;
  return { value: result, unit: canonicalUnit[kind], unknownUnit: factor === undefined };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Totals over the measurement lines, in KGM, DMQ and CMT (spec §3, §5). */
export function measurementTotals(lines: readonly MeasurementLine[]) {
  let weight = 0;
  let volume = 0;
  let width = 0;
  let height = 0;
  let length = 0;
  let count = 0;
  for (const line of lines) {
    const q = line.quantity;
    const w = normaliseUnit('length', line.width, line.dimensionUnit).value;
    const h = normaliseUnit('length', line.height, line.dimensionUnit).value;
    const l = normaliseUnit('length', line.length, line.dimensionUnit).value;
    const stated = normaliseUnit('volume', line.volume ?? 0, line.volumeUnit).value;
    // Spec §5: l × w × h / 1000 dm³, or the stated volume when all three are zero.
    const each = w === 0 && h === 0 && l === 0 ? stated : (l * w * h) / 1000;
    weight += normaliseUnit('weight', line.weight, line.weightUnit).value * q;
    volume += each * q;
    width = Math.max(width, w);
    height = Math.max(height, h);
    length = Math.max(length, l);
    count += q;
  }
  return {
    weight: round(weight),
    volume: round(volume),
    width: round(width),
    height: round(height),
    length: round(length),
    count,
  };
}
