// Builds the gazetteer's postal-code tables (platform/data/postal/postal-codes-{no,se,dk,fi}.csv)
// from the open sources named in platform/data/postal/SOURCE.md. Run by hand when a source is
// renewed; nothing runs it at build or start time:
//
//   node scripts/postal-codes.mjs --geonames DIR --bolstad FILE --paavo FILE
//
// --geonames: the GeoNames tables as CSV (country_code,zipcode,place,...,latitude,longitude),
//   one `postal-codes-{cc}.csv` per country: the list of codes in use and their names.
// --bolstad: Erik Bolstad's postnummer.csv (tab-separated): a point and a category per Norwegian code.
// --paavo: Statistics Finland's Paavo postal-code areas as GeoJSON (WGS84 polygons).
//
// Each row keeps the GeoNames point beside the chosen one, so the bench measures before and after
// from the same file (docs/decisions/0034-geodata.md).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs),
      [],
    ),
);
for (const k of ['geonames', 'bolstad', 'paavo'])
  if (!args[k]) throw new Error(`--${k} is required (see the head of this file)`);
const out = new URL('../platform/data/postal/', import.meta.url);
mkdirSync(out, { recursive: true });

const round = (v) => Number(v).toFixed(5);

function readGeoNames(cc) {
  const text = readFileSync(path.join(args.geonames, `postal-codes-${cc}.csv`), 'utf8');
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const f = l.split(',');
      return { code: f[1], place: f[2], lat: round(f[9]), lng: round(f[10]) };
    });
}

// Bolstad's categories: does the code hold street addresses?
const bolstadStreets = {
  'Gate-/veg-adresse': 'yes',
  'Gateadresser og postboksar': 'yes',
  'Fleire bruksområde': 'yes',
  Postboksar: 'no',
  'Firma/organisasjon med eige postnummer': 'no',
  Servicepostnummer: 'no',
};

function readBolstad() {
  const lines = readFileSync(args.bolstad, 'utf8').split(/\r?\n/);
  const head = lines[0].split('\t');
  const col = (name) => head.indexOf(name);
  const [code, use, lat, lng, quality] = [
    'POSTNR',
    'BRUKSOMRÅDE',
    'LAT',
    'LON',
    'DATAKVALITET',
  ].map(col);
  const byCode = new Map();
  for (const line of lines.slice(1)) {
    const f = line.split('\t');
    if (!f[code]) continue;
    byCode.set(f[code], { use: f[use], lat: f[lat], lng: f[lng], quality: f[quality] });
  }
  return byCode;
}

/** Twice the signed area and the centroid of a ring of [lng, lat] points. */
function ringCentroid(ring) {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += cross;
    x += (ring[j][0] + ring[i][0]) * cross;
    y += (ring[j][1] + ring[i][1]) * cross;
  }
  return { area: Math.abs(a / 2), lng: x / (3 * a), lat: y / (3 * a) };
}

function inRing(ring, lng, lat) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const inPolygon = (rings, lng, lat) =>
  inRing(rings[0], lng, lat) && !rings.slice(1).some((hole) => inRing(hole, lng, lat));

/** Distance (in degrees, good enough to rank) from a point to the polygon's nearest edge. */
function edgeDistance(rings, lng, lat) {
  let best = Infinity;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      const dx = x2 - x1;
      const dy = y2 - y1;
      const t = Math.max(
        0,
        Math.min(1, ((lng - x1) * dx + (lat - y1) * dy) / (dx * dx + dy * dy || 1)),
      );
      best = Math.min(best, Math.hypot(lng - (x1 + t * dx), lat - (y1 + t * dy)));
    }
  return best;
}

/**
 * A point inside the area: the centroid of its largest polygon when that lies inside (most do),
 * else the inside point of a 40 × 40 grid farthest from the edges (a crescent or a ring-shaped area).
 */
function pointInside(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const largest = polygons
    .map((rings) => ({ rings, ...ringCentroid(rings[0]) }))
    .sort((a, b) => b.area - a.area)[0];
  if (inPolygon(largest.rings, largest.lng, largest.lat)) return largest;
  const xs = largest.rings[0].map((p) => p[0]);
  const ys = largest.rings[0].map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let best = null;
  for (let i = 0; i <= 40; i++)
    for (let j = 0; j <= 40; j++) {
      const lng = x0 + ((x1 - x0) * i) / 40;
      const lat = y0 + ((y1 - y0) * j) / 40;
      if (!inPolygon(largest.rings, lng, lat)) continue;
      const d = edgeDistance(largest.rings, lng, lat);
      if (!best || d > best.d) best = { lng, lat, d };
    }
  return best ?? largest;
}

function readPaavo() {
  const byCode = new Map();
  for (const f of JSON.parse(readFileSync(args.paavo, 'utf8')).features) {
    const p = pointInside(f.geometry);
    byCode.set(f.properties.postinumeroalue, { lat: round(p.lat), lng: round(p.lng) });
  }
  return byCode;
}

/** GeoNames points that stand for one code only are the code's own; shared ones are a town's. */
function geonamesPrecision(rows) {
  const shared = new Map();
  for (const r of rows) shared.set(`${r.lat},${r.lng}`, (shared.get(`${r.lat},${r.lng}`) ?? 0) + 1);
  return (r) => (shared.get(`${r.lat},${r.lng}`) === 1 ? 'postalCode' : 'place');
}

function norway(rows, precisionOf) {
  const bolstad = readBolstad();
  return rows.map((r) => {
    const b = bolstad.get(r.code);
    const streets = bolstadStreets[b?.use] ?? 'unknown';
    // Quality 6 is "uncertain placement": the GeoNames point is no worse.
    if (b && b.quality !== '6' && b.lat && b.lng)
      return {
        ...r,
        streets,
        lat: round(b.lat),
        lng: round(b.lng),
        precision: 'postalCode',
        source: 'bolstad',
      };
    return { ...r, streets, precision: precisionOf(r), source: 'geonames' };
  });
}

function finland(rows, precisionOf) {
  const paavo = readPaavo();
  return rows.map((r) => {
    const p = paavo.get(r.code);
    if (p) return { ...r, streets: 'yes', ...p, precision: 'postalCode', source: 'paavo' };
    // Not an area of its own: post boxes, an organisation's code, parcel lockers (codes ending in
    // 1-9 but 5); an area code Paavo's year does not have yet ends in 0 or 5.
    const streets = /[05]$/.test(r.code) ? 'unknown' : 'no';
    return { ...r, streets, precision: precisionOf(r), source: 'geonames' };
  });
}

const header =
  'postal_code,place,streets,latitude,longitude,precision,source,geonames_latitude,geonames_longitude';
for (const cc of ['no', 'se', 'dk', 'fi']) {
  const geonames = readGeoNames(cc);
  const precisionOf = geonamesPrecision(geonames);
  const rows =
    cc === 'no'
      ? norway(geonames, precisionOf)
      : cc === 'fi'
        ? finland(geonames, precisionOf)
        : geonames.map((r) => ({
            ...r,
            streets: 'unknown',
            precision: precisionOf(r),
            source: 'geonames',
          }));
  const before = new Map(geonames.map((r) => [r.code, r]));
  const lines = rows.map((r) => {
    const g = before.get(r.code);
    const same = g.lat === r.lat && g.lng === r.lng;
    return [
      r.code,
      r.place,
      r.streets,
      r.lat,
      r.lng,
      r.precision,
      r.source,
      same ? '' : g.lat,
      same ? '' : g.lng,
    ].join(',');
  });
  writeFileSync(new URL(`postal-codes-${cc}.csv`, out), `${[header, ...lines].join('\n')}\n`);
  console.log(`${cc}: ${rows.length} codes`);
}
