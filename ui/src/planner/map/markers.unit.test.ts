import { describe, expect, it, jest } from '@jest/globals';
import { CENTRE_MARKER, CLUSTERER, DEFAULT_MARKER, QUANTIZATION } from './constants';
import type { MapStop } from './filters';
import {
  SLOT_PALETTE,
  UNASSIGNED_COLOUR,
  cellOf,
  groupMarkers,
  quantization,
  slotColours,
  zoomDivisor,
  type MarkerOptions,
} from './markers';

const stop = (consignmentId: string, lat: number, lng: number, kind = 'delivery'): MapStop => ({
  id: `${consignmentId}:${kind}`,
  consignmentId,
  kind: kind as MapStop['kind'],
  lat,
  lng,
  slotId: null,
  approximate: false,
  outlier: false,
});

const options = (extra: Partial<MarkerOptions> = {}): MarkerOptions => ({
  describe: (stops) => stops.map((s) => s.id).join(', '),
  colorOf: () => UNASSIGNED_COLOUR,
  selected: new Set(),
  onClick: () => undefined,
  ...extra,
});

describe('map markers', () => {
  it('S9-CONST-046 S9-CONST-047: the centre marker is 26x35 anchored at 13,35; the default marker 42x42 at 24,24', () => {
    expect(CENTRE_MARKER).toEqual({ iconSize: [26, 35], iconAnchor: [13, 35] });
    expect(DEFAULT_MARKER).toEqual({ iconSize: [42, 42], iconAnchor: [24, 24] });
  });

  it('S9-CONST-051: the quantization is 8000 when no zoom is given', () => {
    expect(QUANTIZATION).toBe(8000);
    expect(quantization()).toBe(8000);
    // Two stops 1/16000° apart round to one cell; 1/4000° apart do not.
    expect(cellOf(59.9, 10.7, quantization())).toBe(cellOf(59.90006, 10.70006, quantization()));
    expect(cellOf(59.9, 10.7, quantization())).not.toBe(cellOf(59.90025, 10.7, quantization()));
  });

  it('S9-CONST-052: the divisor is 1000 up to zoom 10, 500 at 11, 100 at 12, 50 at 13, 10 at 14, then 1', () => {
    const divisors = [0, 9, 10, 11, 12, 13, 14, 15, 16, 19].map(zoomDivisor);
    expect(divisors).toEqual([1000, 1000, 1000, 500, 100, 50, 10, 1, 1, 1]);
    expect([10, 11, 12, 13, 14, 15].map(quantization)).toEqual([8, 16, 80, 160, 800, 8000]);
  });

  it('S3-ENT-064: a marker built from consignments has lat, lng, id, ids, consignmentIds, information, colors, highlight and onClick; a click calls onClick', () => {
    const onClick = jest.fn();
    const markers = groupMarkers(
      [stop('1', 59.9, 10.7), stop('1', 59.9, 10.7, 'pickup'), stop('2', 59.90004, 10.70004)],
      undefined,
      options({
        onClick,
        selected: new Set(['2']),
        colorOf: (s) => (s.consignmentId === '1' ? SLOT_PALETTE[0] : UNASSIGNED_COLOUR),
      }),
    );
    expect(markers).toHaveLength(1);
    const marker = markers[0]!;
    expect(Object.keys(marker).sort()).toEqual(
      [
        'approximate',
        'outlier',
        'colors',
        'consignmentIds',
        'highlight',
        'id',
        'ids',
        'information',
        'lat',
        'lng',
        'onClick',
      ].sort(),
    );
    expect(marker).toMatchObject({
      ids: ['1:delivery', '1:pickup', '2:delivery'],
      consignmentIds: ['1', '2'],
      information: '1:delivery, 1:pickup, 2:delivery',
      colors: [SLOT_PALETTE[0], UNASSIGNED_COLOUR],
      highlight: true,
    });
    expect(marker.lat).toBeCloseTo(59.9000133, 6);
    expect(marker.lng).toBeCloseTo(10.7000133, 6);
    marker.onClick();
    expect(onClick).toHaveBeenCalledWith(marker);
  });

  it('a single stop is a marker exactly at its coordinates; zooming out groups more', () => {
    const stops = [stop('1', 59.91, 10.75), stop('2', 59.915, 10.755), stop('3', 59.93, 10.8)];
    const at = (zoom?: number) => groupMarkers(stops, zoom, options());
    expect(at(16).map((m) => [m.lat, m.lng, m.highlight])).toEqual([
      [59.91, 10.75, false],
      [59.915, 10.755, false],
      [59.93, 10.8, false],
    ]);
    // At zoom 12 (1/80°) the first two share a cell; at zoom 10 (1/8°) all three do.
    expect(at(12).map((m) => m.consignmentIds)).toEqual([['1', '2'], ['3']]);
    expect(at(10).map((m) => m.consignmentIds)).toEqual([['1', '2', '3']]);
  });

  it('gives each slot of the day a colour of its own, repeating after ten', () => {
    const colours = slotColours(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(new Set([...colours.values()].slice(0, 10)).size).toBe(10);
    expect(colours.get('11')).toBe(colours.get('1'));
    expect([...colours.values()]).not.toContain(UNASSIGNED_COLOUR);
    expect(CLUSTERER.batchSize).toBe(2000);
  });
});
