import { describe, expect, it } from '@jest/globals';
import { createUnitSchema, depotOf, readUnitEvent, updateUnitSchema } from './units.js';

const required = {
  name: 'Van 1',
  alystraId: 'U-1',
  departmentId: '1',
  capacity: 10,
  weightCapacity: 500,
  volumeCapacity: 5,
  vehicleType: 'van',
  fuelType: 'diesel',
  courierUserIds: ['7'],
};
const depot = { lat: 59.911525, lng: 10.75425, address: 'Tollbugata 17, 0152 Oslo' };

describe("a unit's depot is an address or none (issue 36, 0041-depot)", () => {
  it('a new unit has no depot (null), not 0,0', () => {
    const unit = createUnitSchema.parse(required);
    expect([unit.startLocation, unit.endLocation]).toEqual([null, null]);
  });

  it('a depot is an address with its point; 0,0 is refused at create and at update', () => {
    const unit = createUnitSchema.parse({
      ...required,
      startLocation: { ...depot, precision: 'address' },
      endLocation: depot,
    });
    expect(unit.startLocation).toEqual({ ...depot, precision: 'address' });
    expect(unit.endLocation).toEqual(depot);
    const nullIsland = { lat: 0, lng: 0, address: 'Somewhere' };
    for (const result of [
      createUnitSchema.safeParse({ ...required, startLocation: nullIsland }),
      updateUnitSchema.safeParse({ id: '1', endLocation: nullIsland }),
    ])
      expect(result.error?.issues.map((i) => i.message)).toEqual(['validation.coordinates']);
    // An update may clear a depot (null) and names nothing it leaves out.
    expect(updateUnitSchema.parse({ id: '1', startLocation: null })).toEqual({
      id: '1',
      startLocation: null,
    });
  });

  it('a stored 0,0 (the old default) reads as no depot; a point without an address has the empty one', () => {
    expect(depotOf({ lat: 0, lng: 0 })).toBeNull();
    expect(depotOf(null)).toBeNull();
    expect(depotOf(undefined)).toBeNull();
    expect(depotOf({ lat: 59.91, lng: 10.75 })).toEqual({ lat: 59.91, lng: 10.75, address: '' });
    expect(depotOf(depot)).toEqual(depot);
  });

  it('old unit events read with their depots normalised, whether created or updated', () => {
    const created = readUnitEvent({
      type: 'UnitCreated',
      data: { id: '1', name: 'Van', startLocation: { lat: 0, lng: 0 }, endLocation: depot },
    });
    expect(created.data).toEqual({ id: '1', name: 'Van', startLocation: null, endLocation: depot });
    const updated = readUnitEvent({
      type: 'UnitUpdated',
      data: { id: '1', changes: { endLocation: { lat: 0, lng: 0 }, name: 'Van 2' } },
    });
    // A field the update does not name stays unnamed.
    expect(updated.data).toEqual({ id: '1', changes: { endLocation: null, name: 'Van 2' } });
    const other = { type: 'UnitDeactivated', data: { startLocation: { lat: 0, lng: 0 } } };
    expect(readUnitEvent(other)).toBe(other);
  });
});
