import { describe, expect, it } from '@jest/globals';
import type { RoutePoint } from '@nordlog/contracts';
import { mapLink, phoneLinks, scansOfStop, unmatchedScans, type RecordedScan } from './scans';

const point = (type: RoutePoint['type'], consignmentId: string) =>
  ({
    key: `${consignmentId}:${type}`,
    type,
    consignmentId,
    name: 'Kari & Co',
    address: 'Bogstadveien 1',
    zipCode: '0355',
    zipArea: 'Oslo',
    lat: 59.93,
    lng: 10.72,
  }) as RoutePoint;
const scan = (kind: RecordedScan['kind'], orderIds: string[]) =>
  ({ kind, orderIds, code: 'x', warning: null }) as unknown as RecordedScan;

describe('the courier page: scans per stop, map and phone links (0064)', () => {
  it('pickups show at the pickup stop, the rest at the delivery stop; codes off the route apart', () => {
    const scans = [scan('PICKED_UP', ['1']), scan('DELIVERED', ['1']), scan('LOADED', [])];
    const route = [point('pickup', '1'), point('delivery', '1'), point('delivery', '2')];
    expect(scansOfStop(scans, route, route[0]!).map((s) => s.kind)).toEqual(['PICKED_UP']);
    expect(scansOfStop(scans, route, route[1]!).map((s) => s.kind)).toEqual(['DELIVERED']);
    expect(scansOfStop(scans, route, route[2]!)).toEqual([]);
    // Without its pickup on the route, the delivery stop shows every scan of its consignment.
    expect(scansOfStop(scans, [route[1]!], route[1]!)).toHaveLength(2);
    expect(unmatchedScans(scans).map((s) => s.kind)).toEqual(['LOADED']);
  });

  it('opens the stop in the map app: geo: on Android, Apple Maps on iOS, by address without coordinates', () => {
    const p = point('delivery', '1');
    expect(mapLink(p, 'Mozilla/5.0 (Linux; Android 14)')).toBe(
      'geo:59.93,10.72?q=59.93,10.72(Kari%20%26%20Co)',
    );
    expect(mapLink(p, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toBe(
      'https://maps.apple.com/?daddr=59.93,10.72&q=Kari%20%26%20Co',
    );
    expect(mapLink({ ...p, lat: null, lng: null }, 'Android')).toBe(
      'geo:0,0?q=Bogstadveien%201%2C%200355%20Oslo',
    );
  });

  it('calls and texts a number as dialled', () => {
    expect(phoneLinks('+47 912-34 567')).toEqual({
      call: 'tel:+4791234567',
      text: 'sms:+4791234567',
    });
  });
});
