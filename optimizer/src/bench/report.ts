// Per-class and overall summary of a benchmark run: vehicles against the best-known, mean distance gap.
export interface Row {
  instance: string;
  vehicles: number;
  distance: number;
  bksVehicles: number | undefined;
  bksDistance: number | undefined;
  seconds: number;
  feasible: boolean;
  iterations: number;
}

/** C101 → C1, lrc205 → LRC2: the letters and the first digit of the instance name. */
export function classOf(name: string): string {
  const m = /^([a-z]+)(\d)/i.exec(name);
  return m ? `${m[1]?.toUpperCase()}${m[2]}` : name.toUpperCase();
}

export interface Summary {
  vehicles: number;
  bksVehicles: number;
  meanGap: number;
  /** Mean gap over the instances solved with the best-known number of vehicles only. */
  sameFleetGap: number;
  sameFleet: number;
  meanSeconds: number;
  feasible: number;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function summarise(rows: Row[]): Summary {
  const withBks = rows.filter((r) => r.bksDistance !== undefined);
  const gap = (r: Row): number => (r.distance / (r.bksDistance ?? 1) - 1) * 100;
  const gaps = withBks.map(gap);
  const same = withBks.filter((r) => r.vehicles === r.bksVehicles);
  return {
    sameFleetGap: mean(same.map(gap)),
    sameFleet: same.length,
    vehicles: rows.reduce((n, r) => n + r.vehicles, 0),
    bksVehicles: withBks.reduce((n, r) => n + (r.bksVehicles ?? 0), 0),
    meanGap: gaps.reduce((a, b) => a + b, 0) / Math.max(1, gaps.length),
    meanSeconds: rows.reduce((n, r) => n + r.seconds, 0) / Math.max(1, rows.length),
    feasible: rows.filter((r) => r.feasible).length,
  };
}

export function printSummary(rows: Row[]): void {
  const classes = [...new Set(rows.map((r) => classOf(r.instance)))];
  const line = (label: string, rs: Row[]): void => {
    const s = summarise(rs);
    console.log(
      `${label.padEnd(6)} n ${String(rs.length).padStart(2)} vehicles ${String(s.vehicles).padStart(4)} (bks ${String(s.bksVehicles).padStart(4)}, ${s.vehicles - s.bksVehicles >= 0 ? '+' : ''}${s.vehicles - s.bksVehicles}) ` +
        `mean gap ${s.meanGap.toFixed(2).padStart(6)}% (same fleet ${s.sameFleet}: ${s.sameFleetGap.toFixed(2)}%) mean time ${s.meanSeconds.toFixed(2)}s feasible ${s.feasible}/${rs.length}`,
    );
  };
  console.log('--- per class');
  for (const c of classes)
    line(
      c,
      rows.filter((r) => classOf(r.instance) === c),
    );
  console.log('--- all');
  line('ALL', rows);
}
