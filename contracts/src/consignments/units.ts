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
