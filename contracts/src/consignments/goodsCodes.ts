/**
 * Spec §3 "A long coded goods list, each with weight, dimensions, palletFootPrints and
 * loadingMeters" (docs/decisions/0093-service-codes.md). The codes, sizes and weights are this
 * product's: the goods a Nordic courier books every day (EUR and FIN pallets, collars, roll cages,
 * the Danish CC flower trolley, tyre sets, white goods, furniture). A picked code is the line's
 * `packageTypeCode`; its values fill the line, and the planner can change each after.
 *
 * Footprint rules, one for every entry: `palletFootPrints` is the floor area in EUR-pallet places
 * (120 × 80 cm), rounded up to a quarter; `loadingMeters` the metres of a 2.4 m wide loading floor
 * (length × width / 240 cm), to two decimals. A EUR pallet is 1 place and 0.4 m.
 */
export interface CodedGoods {
  /** The code, A–Z 0–9 (the line's `packageTypeCode`, ≤ 20 characters). */
  code: string;
  /** Centimetres. */
  length: number;
  width: number;
  height: number;
  /** Kilograms per package. */
  weight: number;
  palletFootPrints: number;
  loadingMeters: number;
}

const EUR_PALLET_AREA = 120 * 80;
const FLOOR_WIDTH = 240;

/** EUR-pallet places of a floor area (rounded up to a quarter). */
export const palletFootPrintsOf = (length: number, width: number): number =>
  Math.ceil(((length * width) / EUR_PALLET_AREA) * 4 - 1e-9) / 4;
/** Loading metres of a floor area (two decimals). */
export const loadingMetersOf = (length: number, width: number): number =>
  Math.round(((length * width) / FLOOR_WIDTH / 100) * 100) / 100;

const goods = (
  code: string,
  [length, width, height]: [number, number, number],
  weight: number,
): CodedGoods => ({
  code,
  length,
  width,
  height,
  weight,
  palletFootPrints: palletFootPrintsOf(length, width),
  loadingMeters: loadingMetersOf(length, width),
});

/** The coded goods, pallets first, then cages, tyres, white goods, furniture and other goods. */
export const codedGoods: readonly CodedGoods[] = [
  goods('EUR', [120, 80, 150], 300),
  goods('EUREMPTY', [120, 80, 15], 25),
  goods('EURC1', [120, 80, 35], 80),
  goods('EURC2', [120, 80, 55], 150),
  goods('EURC4', [120, 80, 95], 250),
  goods('HALF', [80, 60, 100], 150),
  goods('QUARTER', [60, 40, 80], 75),
  goods('FIN', [120, 100, 150], 400),
  goods('INDUSTRY', [120, 120, 150], 500),
  goods('PALLETBOX', [120, 80, 100], 350),
  goods('ROLLCAGE', [80, 72, 170], 120),
  goods('HALFCAGE', [72, 40, 170], 60),
  goods('CCTROLLEY', [135, 57, 190], 80),
  goods('TYRES4', [65, 65, 90], 40),
  goods('TYRES4SUV', [75, 75, 110], 60),
  goods('TYRESRIMS', [70, 70, 95], 90),
  goods('TRUCKTYRE', [110, 110, 35], 70),
  goods('WASHER', [60, 60, 85], 70),
  goods('DRYER', [60, 60, 85], 45),
  goods('DISHWASHER', [60, 60, 85], 50),
  goods('COOKER', [60, 60, 90], 55),
  goods('FRIDGE', [60, 65, 185], 75),
  goods('FRIDGEUS', [91, 75, 178], 120),
  goods('CHESTFREEZER', [110, 65, 85], 55),
  goods('SOFA3', [220, 95, 85], 80),
  goods('ARMCHAIR', [90, 90, 100], 30),
  goods('MATTRESS', [200, 160, 30], 35),
  goods('WARDROBE', [200, 60, 25], 70),
  goods('BIKE', [140, 25, 80], 20),
  goods('EBIKE', [160, 30, 90], 35),
  goods('TV65', [160, 20, 100], 35),
  goods('LAWNMOWER', [100, 60, 60], 35),
  goods('DRUM200', [60, 60, 90], 220),
  goods('IBC', [120, 100, 116], 1050),
  goods('CABLEDRUM', [80, 80, 60], 150),
  goods('DOOR', [210, 90, 10], 40),
  goods('WORKTOP', [300, 65, 5], 45),
  goods('PLASTERBOARD', [240, 120, 20], 250),
];

export const codedGoodsByCode = (code: string | undefined | null): CodedGoods | undefined =>
  code ? codedGoods.find((g) => g.code === code.toUpperCase()) : undefined;

/**
 * The server's rule for a line with a coded goods `packageTypeCode`: the footprint values the line
 * leaves out are the code's (weight and sizes are always the line's own, as typed).
 */
export function withCodedGoodsFootprint<
  L extends {
    packageTypeCode?: string | undefined;
    palletFootPrints?: number;
    loadingMeters?: number;
  },
>(line: L): L {
  const found = codedGoodsByCode(line.packageTypeCode);
  if (!found) return line;
  return {
    ...line,
    palletFootPrints: line.palletFootPrints ?? found.palletFootPrints,
    loadingMeters: line.loadingMeters ?? found.loadingMeters,
  };
}

/**
 * Search-as-you-type: the goods whose code or (translated) name holds every typed word, codes
 * starting with the text first.
 */
export function searchCodedGoods(text: string, nameOf: (code: string) => string): CodedGoods[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hits = codedGoods.filter((g) => {
    const hay = `${g.code} ${nameOf(g.code)}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const head = text.trim().toUpperCase();
  return head
    ? [
        ...hits.filter((g) => g.code.startsWith(head)),
        ...hits.filter((g) => !g.code.startsWith(head)),
      ]
    : hits;
}
