import { describe, expect, it } from '@jest/globals';
import { parseBks, parseLiLim, parseSolomon } from './formats.js';

const solomon =
  'C101\r\n\r\nVEHICLE\r\nNUMBER     CAPACITY\r\n  25         200\r\n\r\nCUSTOMER\r\nCUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME\r\n \r\n    0      40         50          0          0       1236          0   \r\n    1      45         68         10        912        967         90   \r\n    2      43         50         30        825        870         90   \r\n';
const lilim =
  '25\t200\t1\r\n0\t40\t50\t0\t0\t1236\t0\t0\t0\r\n1\t45\t68\t-10\t912\t967\t90\t2\t0\r\n2\t42\t66\t10\t65\t146\t90\t0\t1\r\n';

describe('benchmark formats', () => {
  it('parses Solomon: fleet, Euclidean double-precision matrix, one delivery per customer', () => {
    const { problem } = parseSolomon('c101', solomon);
    expect(problem.vehicles).toHaveLength(25);
    expect(problem.vehicles[0]).toMatchObject({
      capacity: [200],
      earliest: 0,
      latest: 1236,
      start: 0,
      end: 0,
    });
    expect(problem.jobs[1]).toMatchObject({
      id: '2',
      delivery: { location: 2, earliest: 825, latest: 870, service: 90 },
      demand: [30],
    });
    expect(problem.matrices.euclid?.distance[1]).toBeCloseTo(Math.hypot(5, 18), 12);
  });

  it('parses Li & Lim pairs from the pickup and delivery indices', () => {
    const { problem } = parseLiLim('lc101', lilim);
    expect(problem.jobs).toEqual([
      {
        id: '2',
        pickup: { location: 2, earliest: 65, latest: 146, service: 90 },
        delivery: { location: 1, earliest: 912, latest: 967, service: 90 },
        demand: [10],
      },
    ]);
  });

  it('reads bks.csv rows', () => {
    expect(
      parseBks('instance,vehicles,distance,source\nc101,10,828.94,"SINTEF"\n').get('c101'),
    ).toEqual({ vehicles: 10, distance: 828.94 });
  });
});
