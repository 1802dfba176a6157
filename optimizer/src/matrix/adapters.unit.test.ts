import { describe, expect, it } from '@jest/globals';
import { greatCircleMatrix, greatCircleMetres } from './greatCircle.js';
import {
  graphHopperMatrixService,
  graphHopperRequest,
  parseGraphHopperMatrix,
} from './graphhopper.js';
import { UNREACHABLE, type FetchLike } from './http.js';
import { osrmMatrixService, osrmTableUrl, parseOsrmTable } from './osrm.js';
import { parseValhallaMatrix, valhallaRequest } from './valhalla.js';

// Answers written by hand from the public response formats of each service.
const points = [
  { lat: 59.9139, lng: 10.7522 },
  { lat: 59.9494, lng: 10.7564 },
];
const osrmAnswer = {
  code: 'Ok',
  durations: [
    [0, 512.3],
    [498.1, 0],
  ],
  distances: [
    [0, 4821.7],
    [4790.2, 0],
  ],
  sources: [
    { location: [10.7522, 59.9139], name: 'Karl Johans gate' },
    { location: [10.7564, 59.9494], name: '' },
  ],
  destinations: [
    { location: [10.7522, 59.9139], name: 'Karl Johans gate' },
    { location: [10.7564, 59.9494], name: '' },
  ],
};
const valhallaVerbose = {
  sources_to_targets: [
    [
      { distance: 0, time: 0, from_index: 0, to_index: 0 },
      { distance: 4.9, time: 530, from_index: 0, to_index: 1 },
    ],
    [
      { distance: 5.1, time: 545, from_index: 1, to_index: 0 },
      { distance: 0, time: 0, from_index: 1, to_index: 1 },
    ],
  ],
  sources: [[{ lon: 10.7522, lat: 59.9139 }], [{ lon: 10.7564, lat: 59.9494 }]],
  targets: [[{ lon: 10.7522, lat: 59.9139 }], [{ lon: 10.7564, lat: 59.9494 }]],
  units: 'kilometers',
};
const graphHopperAnswer = {
  times: [
    [0, 520],
    [505, 0],
  ],
  distances: [
    [0, 4850],
    [4800, null],
  ],
  info: { copyrights: ['GraphHopper'], took: 4 },
};

describe('matrix adapters', () => {
  it('builds the OSRM table URL with lng,lat pairs and parses durations and distances', async () => {
    expect(osrmTableUrl('http://osrm:5000/', 'driving', points)).toBe(
      'http://osrm:5000/table/v1/driving/10.7522,59.9139;10.7564,59.9494?annotations=duration,distance',
    );
    const m = parseOsrmTable(osrmAnswer, 2);
    expect(Array.from(m.duration)).toEqual([0, 512.3, 498.1, 0]);
    expect(Array.from(m.distance)).toEqual([0, 4821.7, 4790.2, 0]);
    const fetchFn: FetchLike = (url) =>
      Promise.resolve({
        ok: url.includes('/table/v1/'),
        status: 200,
        json: () => Promise.resolve(osrmAnswer),
      });
    await expect(
      osrmMatrixService('http://osrm:5000', fetchFn).matrix(points, 'driving'),
    ).resolves.toEqual(m);
  });

  it('rejects an OSRM error answer', () => {
    expect(() =>
      parseOsrmTable({ code: 'InvalidQuery', message: 'Query string malformed' }, 2),
    ).toThrow(/InvalidQuery/);
  });

  it('parses Valhalla sources_to_targets in the verbose and concise forms, kilometres to metres', () => {
    expect(valhallaRequest(points, 'auto')).toEqual({
      sources: [
        { lat: 59.9139, lon: 10.7522 },
        { lat: 59.9494, lon: 10.7564 },
      ],
      targets: [
        { lat: 59.9139, lon: 10.7522 },
        { lat: 59.9494, lon: 10.7564 },
      ],
      costing: 'auto',
      units: 'kilometers',
    });
    const m = parseValhallaMatrix(valhallaVerbose, 2);
    expect(Array.from(m.duration)).toEqual([0, 530, 545, 0]);
    expect(Array.from(m.distance)).toEqual([0, 4900, 5100, 0]);
    const concise = parseValhallaMatrix(
      {
        sources_to_targets: {
          durations: [
            [0, 530],
            [545, 0],
          ],
          distances: [
            [0, 4.9],
            [5.1, 0],
          ],
        },
      },
      2,
    );
    expect(Array.from(concise.distance)).toEqual([0, 4900, 5100, 0]);
  });

  it('parses the GraphHopper matrix, a null entry becoming unreachable', async () => {
    expect(graphHopperRequest(points, 'car')).toMatchObject({
      points: [
        [10.7522, 59.9139],
        [10.7564, 59.9494],
      ],
      out_arrays: ['times', 'distances'],
    });
    const m = parseGraphHopperMatrix(graphHopperAnswer, 2);
    expect(Array.from(m.duration)).toEqual([0, 520, 505, 0]);
    expect(Array.from(m.distance)).toEqual([0, 4850, 4800, UNREACHABLE]);
    let body = '';
    const fetchFn: FetchLike = (_url, init) => {
      body = init?.body ?? '';
      return Promise.resolve({
        ok: true,
        status: 200,
        json: () => Promise.resolve(graphHopperAnswer),
      });
    };
    await graphHopperMatrixService('https://gh.example/api/1', fetchFn, 'k').matrix(points, 'car');
    expect(JSON.parse(body)).toMatchObject({ profile: 'car' });
    expect(() => parseGraphHopperMatrix({ message: 'Point 1 is out of bounds' }, 2)).toThrow(
      /out of bounds/,
    );
  });

  it('computes great-circle distance × road factor and time from the vehicle speed', () => {
    expect(greatCircleMetres(points[0]!, points[1]!)).toBeCloseTo(3951, -1);
    const m = greatCircleMatrix(points, 36, 1.5);
    expect(m.distance[1]).toBeCloseTo(greatCircleMetres(points[0]!, points[1]!) * 1.5, 6);
    expect(m.duration[1]).toBeCloseTo((m.distance[1] ?? 0) / 10, 6);
  });
});
