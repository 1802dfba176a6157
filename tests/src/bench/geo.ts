/**
 * `npm run bench:geo` (issue 36, docs/decisions/0034-geodata.md): how trustworthy the shipped
 * points are, and what they cost.
 *
 * 1. Codes per distinct point, per country and in six cities, before (the GeoNames tables shipped
 *    until issue 36, kept as each row's GeoNames point) and after (platform/data/postal).
 * 2. Geocoding p95 for 10,000 typed addresses with the gazetteer, autocomplete and geocode, as a
 *    ratio against a plain Map lookup of the same postal codes measured in the same run.
 * 3. The demo day (deploy/src/demo): kilometres and driving time of optimised routes on the new
 *    points against the same day on the old points. A sanity figure, not a target.
 *
 * `--addresses N` (default 10,000), `--seconds S` per optimisation (default 2).
 */
import { DEFAULT_ROAD_FACTOR, DEFAULT_SPEEDS_KMH, greatCircleMetres } from '@nordlog/contracts';
import { demoDepartments, demoOrder, planDemoRoutes, prng } from '@nordlog/deploy';
import { solve, greatCircleMatrix, type Job, type Problem } from '@nordlog/optimizer';
import { GazetteerGeocoder, type PostalPlace } from '@nordlog/platform';
import { numberArg } from './args.js';

const gazetteer = new GazetteerGeocoder();
const COUNTRIES = ['NO', 'SE', 'DK', 'FI'] as const;
const key = (p: { lat: number; lng: number }) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
const before = (p: PostalPlace) => p.before;
const after = (p: PostalPlace) => ({ lat: p.lat, lng: p.lng });

function pointStats(
  places: readonly PostalPlace[],
  pointOf: (p: PostalPlace) => { lat: number; lng: number },
) {
  const byPoint = new Map<string, number>();
  for (const p of places) byPoint.set(key(pointOf(p)), (byPoint.get(key(pointOf(p))) ?? 0) + 1);
  return { points: byPoint.size, most: Math.max(0, ...byPoint.values()) };
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
function table(head: string[], rows: (string | number)[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!)))
      .join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

function codesPerPoint() {
  console.log('\n1. Codes per distinct point (before: GeoNames; after: platform/data/postal)\n');
  const rows = COUNTRIES.flatMap((c) => {
    const all = gazetteer.places(c);
    const streets = all.filter((p) => p.streets !== 'no');
    return [
      [c, all, 'all codes'],
      [c, streets, 'not box-only'],
    ] as const;
  }).map(([c, places, which]) => {
    const b = pointStats(places, before);
    const a = pointStats(places, after);
    return [
      `${c} ${which}`,
      places.length,
      b.points,
      fmt(places.length / b.points),
      a.points,
      fmt(places.length / a.points),
    ];
  });
  table(['country', 'codes', 'points before', 'codes/point', 'points after', 'codes/point'], rows);
  console.log('\n   Cities (codes of the postal town; the most codes on one point):\n');
  const cities: [string, string][] = [
    ['NO', 'Oslo'],
    ['SE', 'Stockholm'],
    ['SE', 'Göteborg'],
    ['SE', 'Malmö'],
    ['NO', 'Trondheim'],
    ['NO', 'Bergen'],
  ];
  table(
    [
      'city',
      'codes',
      'points before',
      'most on one',
      'points after',
      'most on one',
      'street codes after: points',
    ],
    cities.map(([c, town]) => {
      const places = gazetteer.places(c).filter((p) => p.place === town);
      const streets = places.filter((p) => p.streets === 'yes');
      const b = pointStats(places, before);
      const a = pointStats(places, after);
      const s = pointStats(streets, after);
      return [
        town,
        places.length,
        b.points,
        b.most,
        a.points,
        a.most,
        `${streets.length}: ${s.points}`,
      ];
    }),
  );
}

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function geocodingLatency(n: number) {
  console.log(`\n2. Geocoding ${n.toLocaleString('en')} typed addresses with the gazetteer\n`);
  const rnd = prng(36);
  const streets = [
    'Storgata',
    'Kungsgatan',
    'Vesterbrogade',
    'Mannerheimintie',
    'Karl Johans gate',
  ];
  const pool = COUNTRIES.flatMap((c) => gazetteer.places(c).filter((p) => p.streets !== 'no'));
  const addresses = Array.from({ length: n }, () => {
    const p = pool[Math.floor(rnd() * pool.length)]!;
    const street = `${streets[Math.floor(rnd() * streets.length)]} ${1 + Math.floor(rnd() * 200)}`;
    return { p, street, text: `${street}, ${p.zipCode} ${p.place}` };
  });
  const lookup = new Map(pool.map((p) => [`${p.countryCode}:${p.zipCode}`, p]));
  const time = async (f: (a: (typeof addresses)[number]) => unknown) => {
    const samples: number[] = [];
    for (const a of addresses) {
      const t = process.hrtime.bigint();
      await f(a);
      samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    return samples;
  };
  // Warm-up: the tables load on first use.
  await gazetteer.geocode({ address: '', zipCode: '0150', zipArea: '', countryCode: 'NO' });
  const baseline = await time((a) => lookup.get(`${a.p.countryCode}:${a.p.zipCode}`));
  const autocomplete = await time((a) =>
    gazetteer.autocomplete({ text: a.text, countryCode: a.p.countryCode }),
  );
  const geocode = await time((a) =>
    gazetteer.geocode({
      address: a.street,
      zipCode: a.p.zipCode,
      zipArea: a.p.place,
      countryCode: a.p.countryCode,
    }),
  );
  const base95 = percentile(baseline, 95);
  table(
    ['operation', 'p50 ms', 'p95 ms', 'p95 / Map lookup p95'],
    [
      ['Map lookup (baseline)', fmt(percentile(baseline, 50), 4), fmt(base95, 4), '1'],
      [
        'autocomplete',
        fmt(percentile(autocomplete, 50), 4),
        fmt(percentile(autocomplete, 95), 4),
        fmt(percentile(autocomplete, 95) / base95, 0),
      ],
      [
        'geocode',
        fmt(percentile(geocode, 50), 4),
        fmt(percentile(geocode, 95), 4),
        fmt(percentile(geocode, 95) / base95, 0),
      ],
    ],
  );
}

/** The demo day's orders as deploy/src/demo/seed.ts books them (same generator, same seed). */
function demoDayOrders(perDepartment: number) {
  const rnd = prng(20261122);
  let index = 0;
  return demoDepartments.map((d) => {
    const dep = { id: d.key, country: d.country, location: d.location ?? null };
    const orders = Array.from({ length: perDepartment }, (_, i) =>
      demoOrder(
        rnd,
        dep,
        { id: `${d.key}-${i % 2}`, name: 'Demo' },
        '2026-12-01',
        index++,
        0,
        i < 24,
      ),
    );
    return { dep: d, orders };
  });
}

const seconds = (hhmm: string | undefined, fallback: number) =>
  hhmm ? Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60 : fallback;

/** The two planned slots of a demo department (24 orders), optimised on one set of points. */
function optimise(
  dep: { location?: { lat: number; lng: number } | null },
  orders: ReturnType<typeof demoDayOrders>[number]['orders'],
  pointOf: (p: PostalPlace) => { lat: number; lng: number },
  country: string,
  budget: number,
) {
  const depot = dep.location!;
  const points = [depot];
  const at = (zip: string) => {
    const place = gazetteer.lookupZip(country, zip);
    if (!place) throw new Error(`no point for ${country} ${zip}`);
    points.push(pointOf(place));
    return points.length - 1;
  };
  const jobs: Job[] = orders.map((o, i) => ({
    id: String(i),
    // Orders loaded at the terminal (an empty pickup block) have no pickup stop.
    ...(o.pickup.zipCode
      ? {
          pickup: {
            location: at(o.pickup.zipCode),
            earliest: seconds(o.pickupTimeEarliest, 7 * 3600),
            latest: seconds(o.pickupTimeLatest, 22 * 3600),
            service: 300,
          },
        }
      : {}),
    delivery: {
      location: at(o.delivery.zipCode ?? ''),
      earliest: seconds(o.deliveryTimeEarliest, 7 * 3600),
      latest: seconds(o.deliveryTimeLatest, 23 * 3600),
      service: 300,
    },
    demand: [1],
  }));
  const vehicle = (id: string, from: number) => ({
    id,
    profile: 'van',
    start: 0,
    end: 0,
    earliest: from,
    latest: 24 * 3600 - 1,
    capacity: [100],
  });
  const problem: Problem = {
    matrices: { van: greatCircleMatrix(points, DEFAULT_SPEEDS_KMH.van ?? 30, DEFAULT_ROAD_FACTOR) },
    vehicles: [vehicle('Morning 1', 7 * 3600), vehicle('Morning 2', 7.5 * 3600)],
    jobs,
  };
  const solution = solve(problem, { seconds: budget, seed: 1 }, { now: () => performance.now() });
  const drive = solution.routes.reduce((s, r) => s + r.distance, 0);
  const matrix = problem.matrices.van!;
  const driving = solution.routes.reduce((s, r) => {
    let t = 0;
    let from = r.stops.length > 0 ? 0 : -1;
    for (const stop of r.stops) {
      const job = jobs[Number(stop.jobId)]!;
      const to = (stop.type === 'pickup' ? job.pickup : job.delivery)!.location;
      t += matrix.duration[from * matrix.size + to]!;
      from = to;
    }
    return from >= 0 ? t + matrix.duration[from * matrix.size]! : t;
  }, 0);
  return {
    km: drive / 1000,
    hours: driving / 3600,
    distinct: new Set(points.map(key)).size,
    unassigned: solution.unassigned.length,
  };
}

function demoDay(budget: number) {
  console.log(
    '\n3. The demo day: its two planned slots per department (24 orders) optimised on each set of points\n',
  );
  const rows: (string | number)[][] = [];
  let total = { before: 0, after: 0, hBefore: 0, hAfter: 0 };
  for (const { dep, orders } of demoDayOrders(60)) {
    const planned = orders.slice(0, 24);
    const old = optimise(dep, planned, before, dep.country, budget);
    const now = optimise(dep, planned, after, dep.country, budget);
    total = {
      before: total.before + old.km,
      after: total.after + now.km,
      hBefore: total.hBefore + old.hours,
      hAfter: total.hAfter + now.hours,
    };
    rows.push([
      dep.name,
      `${old.distinct} / ${now.distinct}`,
      fmt(old.km, 1),
      fmt(old.hours, 2),
      fmt(now.km, 1),
      fmt(now.hours, 2),
      `${old.unassigned} / ${now.unassigned}`,
    ]);
  }
  rows.push([
    'all four',
    '',
    fmt(total.before, 1),
    fmt(total.hBefore, 2),
    fmt(total.after, 1),
    fmt(total.hAfter, 2),
    '',
  ]);
  table(
    [
      'department',
      'points old/new',
      'km old',
      'h driving old',
      'km new',
      'h driving new',
      'unassigned old/new',
    ],
    rows,
  );
  console.log(
    `\n   Stops are placed by the gazetteer at their postal codes, as the demo day books them; only
   the points differ between the two days. Great-circle distances × ${DEFAULT_ROAD_FACTOR} at
   ${DEFAULT_SPEEDS_KMH.van ?? 30} km/h, ${budget} s of optimisation per day.`,
  );
}

/** The morning slots as the demo seed plans them (planDemoRoutes): stops, kilometres, driving. */
async function seededRoutes() {
  console.log(
    '\n   The morning slots as the demo day plans them (deliveries from the terminal):\n',
  );
  const rows: (string | number)[][] = [];
  const speed = ((DEFAULT_SPEEDS_KMH.van ?? 30) * 1000) / 3600;
  for (const { dep, orders } of demoDayOrders(60)) {
    const planned = orders
      .slice(0, 24)
      .map((order, i) => ({ id: String(i), order }))
      .filter(({ order }) => !order.requiresConfirmation);
    const slots = [
      { id: 'Morning 1', startsAt: 7 * 3600, orders: 12 },
      { id: 'Morning 2', startsAt: 7.5 * 3600, orders: 12 },
    ];
    const routes = await planDemoRoutes(dep.location!, planned, slots, gazetteer);
    for (const [slot, ids] of routes) {
      let here = dep.location!;
      let metres = 0;
      for (const id of ids) {
        const d = planned.find((p) => p.id === id)!.order.delivery;
        const next = gazetteer.lookupZip(dep.country, d.zipCode ?? '')!;
        metres += greatCircleMetres(here, next) * DEFAULT_ROAD_FACTOR;
        here = next;
      }
      metres += greatCircleMetres(here, dep.location!) * DEFAULT_ROAD_FACTOR;
      const minutes = Math.round(metres / speed / 60);
      rows.push([
        `${dep.name} ${slot}`,
        ids.length,
        fmt(metres / 1000, 1),
        `${Math.floor(minutes / 60)} h ${minutes % 60} min`,
      ]);
    }
  }
  table(['slot', 'stops', 'km', 'driving'], rows);
}

async function main() {
  const n = numberArg('--addresses', 10_000);
  const budget = numberArg('--seconds', 2);
  codesPerPoint();
  await geocodingLatency(n);
  demoDay(budget);
  await seededRoutes();
}

await main();
