import { describe, expect, it } from '@jest/globals';
import {
  createUnitSchema,
  type AddressResult,
  euroClasses,
  fuelTypes,
  vehicleTypes,
} from '@nordlog/contracts';
import {
  breakIssues,
  breakOf,
  breakTypeOptions,
  changedPayload,
  depotFromSuggestion,
  depotText,
  emptyUnitForm,
  formToPayload,
  maxWorkingTimeOptions,
  unitFormIssues,
  unitToForm,
  WORKING_TIME_FEATURE,
  type UnitFormValues,
} from './unitForm';

/** A new unit's form with its required fields filled in. */
const filled = (over: Partial<UnitFormValues> = {}): UnitFormValues => ({
  ...emptyUnitForm('1', true),
  name: 'Van 1',
  alystraId: 'U-1',
  capacity: '20',
  weightCapacity: '800',
  volumeCapacity: '9,5',
  vehicleType: 'van',
  fuelType: 'diesel',
  courierUserIds: ['7'],
  ...over,
});

describe('the unit form', () => {
  it('S3-ENT-022 S3-ENT-024 S3-ENT-026 S3-ENT-027 a new unit starts active, #ffffff, factors 1, without a depot (null, not 0,0: 0041-depot)', () => {
    const payload = formToPayload(filled());
    expect(payload).toEqual(
      expect.objectContaining({
        isActive: true,
        isUnit: true,
        color: '#ffffff',
        speedFactor: 1,
        serviceTimeFactor: 1,
        startLocation: null,
        endLocation: null,
      }),
    );
    expect(createUnitSchema.safeParse(payload).success).toBe(true);
  });

  it('S3-ENT-029 the "should driver not return" box is shouldDriverReturn inverted', () => {
    expect(formToPayload(filled({ shouldDriverNotReturn: true })).shouldDriverReturn).toBe(false);
    expect(formToPayload(filled()).shouldDriverReturn).toBe(true);
    const stored = createUnitSchema.parse({
      ...formToPayload(filled()),
      shouldDriverReturn: false,
    });
    expect(unitToForm(stored).shouldDriverNotReturn).toBe(true);
  });

  it('a comma is a decimal point in the volume capacity', () => {
    expect(formToPayload(filled({ volumeCapacity: '9,5' })).volumeCapacity).toBe(9.5);
  });

  it('S5-VAL-047 S5-VAL-049 an empty form says "required" at each required field', () => {
    const issues = unitFormIssues(emptyUnitForm('1', true));
    for (const field of [
      'name',
      'alystraId',
      'capacity',
      'weightCapacity',
      'volumeCapacity',
      'vehicleType',
      'fuelType',
      'courierUserIds',
    ] as const)
      expect({ field, key: issues[field] }).toEqual({ field, key: 'validation.required' });
    // A vehicle record needs no couriers.
    expect(unitFormIssues(filled({ isUnit: false, courierUserIds: [] }))).toEqual({});
  });

  it('S5-VAL-048 S5-VAL-051 S5-VAL-052 S5-VAL-053 numbers, factors and coordinates are checked by the contracts schema', () => {
    expect(unitFormIssues(filled({ capacity: 'abc' })).capacity).toBe('validation.number');
    expect(unitFormIssues(filled({ capacity: '3000000000' })).capacity).toBe('validation.number');
    for (const ok of ['0.5', '1.3', '2'])
      expect(unitFormIssues(filled({ speedFactor: ok, serviceTimeFactor: ok }))).toEqual({});
    for (const bad of ['0.4', '2.1', '1.25']) {
      const issues = unitFormIssues(filled({ speedFactor: bad, serviceTimeFactor: bad }));
      expect(issues.speedFactor).toBe('validation.factor');
      expect(issues.serviceTimeFactor).toBe('validation.factor');
    }
    expect(
      unitFormIssues(filled({ endLocation: { lat: 200, lng: 10, address: 'x' } })).endLocation,
    ).toBe('validation.coordinates');
  });

  it('S5-VAL-054 the vehicle control comment is required only when notApproved, and sent only then', () => {
    expect(unitFormIssues(filled({ vehicleControl: 'notApproved' })).vehicleControlComment).toBe(
      'validation.required',
    );
    expect(unitFormIssues(filled({ vehicleControl: 'approved' }))).toEqual({});
    expect(
      formToPayload(filled({ vehicleControl: 'approved', vehicleControlComment: 'old' }))
        .vehicleControlComment,
    ).toBe('');
  });

  it('S3-ENT-037 S3-ENT-038 break durations are minutes in the form and ISO in the break; each kind has its own fields', () => {
    expect(
      breakOf(
        filled({
          breakType: 'TimeWindow',
          breakEarliest: '11:00',
          breakLatest: '12:00',
          breakTimeWindowDuration: '30',
          breakMaxWorkingTime: '5',
        }),
      ),
    ).toEqual({ type: 'TimeWindow', earliest: '11:00', latest: '12:00', duration: 'PT30M' });
    expect(
      breakOf(
        filled({
          breakType: 'WorkingTime',
          breakEarliest: '11:00',
          breakMaxWorkingTime: '5',
          breakWorkingTimeDuration: '90',
        }),
      ),
    ).toEqual({ type: 'WorkingTime', maxWorkingTime: 'PT5H', duration: 'PT1H30M' });
    const stored = createUnitSchema.parse({
      ...formToPayload(filled()),
      break: { type: 'WorkingTime', maxWorkingTime: 'PT5H', duration: 'PT45M' },
    });
    expect(unitToForm(stored)).toEqual(
      expect.objectContaining({ breakMaxWorkingTime: '5', breakWorkingTimeDuration: '45' }),
    );
  });

  it('S5-VAL-061 the max working time options are exactly 1, 4 to 12 hours; working time is offered only with the feature', () => {
    expect(maxWorkingTimeOptions).toEqual([1, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(breakTypeOptions(new Set(), 'NoBreakTime')).toEqual(['NoBreakTime', 'TimeWindow']);
    expect(breakTypeOptions(new Set([WORKING_TIME_FEATURE]), 'NoBreakTime')).toEqual([
      'NoBreakTime',
      'TimeWindow',
      'WorkingTime',
    ]);
    // A unit that has a working-time break keeps showing it.
    expect(breakTypeOptions(new Set(), 'WorkingTime')).toContain('WorkingTime');
  });

  it('S5-VAL-062 S5-VAL-063 S5-VAL-064 S5-VAL-059 editing a break: earliest start (requiredEarliestStartBreak), latest start and duration are required', () => {
    expect(breakIssues(filled({ breakType: 'TimeWindow' }))).toEqual({
      breakEarliest: 'validation.requiredEarliestStartBreak',
      breakLatest: 'validation.required',
      breakTimeWindowDuration: 'validation.required',
    });
    expect(breakIssues(filled({ breakType: 'WorkingTime' }))).toEqual({
      breakMaxWorkingTime: 'validation.required',
      breakWorkingTimeDuration: 'validation.breakDuration',
    });
    expect(
      unitFormIssues(
        filled({
          breakType: 'TimeWindow',
          breakEarliest: '12:00',
          breakLatest: '12:00',
          breakTimeWindowDuration: '30',
        }),
      ).breakLatest,
    ).toBe('validation.timeWindow');
    expect(
      unitFormIssues(
        filled({
          breakType: 'TimeWindow',
          breakEarliest: '12:00',
          breakLatest: '12:30',
          breakTimeWindowDuration: 'abc',
        }),
      ).breakTimeWindowDuration,
    ).toBe('validation.breakDuration');
  });

  it('S3-ENT-034 S3-ENT-035 S3-ENT-032 the choices are the contracts lists', () => {
    expect([...vehicleTypes]).toEqual([
      'bicycle',
      'cargobike',
      'motorcycle',
      'car',
      'van',
      'truck',
    ]);
    expect(fuelTypes).toHaveLength(10);
    expect([...euroClasses]).toEqual(['euroEL', 'euro5', 'euro6']);
  });

  it('an edit sends the fields that changed only', () => {
    const stored = {
      ...createUnitSchema.parse(formToPayload(filled())),
      id: '5',
      revision: 0,
      updatedAtEpoch: 0,
    };
    const form = { ...unitToForm(stored), capacity: '25', shouldDriverNotReturn: true };
    expect(changedPayload(stored, formToPayload(form))).toEqual({
      id: '5',
      capacity: 25,
      shouldDriverReturn: false,
    });
  });

  describe('the depot is an address from the geocoder (0041-depot)', () => {
    const suggestion: AddressResult = {
      streetname: 'Tollbugata 17',
      zipCode: '0152',
      zipArea: 'Oslo',
      countryCode: 'NO',
      latLng: { lat: 59.911525, lng: 10.75425 },
      label: 'Tollbugata 17, 0152 Oslo',
      source: 'kartverket',
      precision: 'address',
    };
    const depot = {
      lat: 59.911525,
      lng: 10.75425,
      address: 'Tollbugata 17, 0152 Oslo',
      precision: 'address' as const,
    };

    it('a suggestion with a position is a depot (its label the address); one without is none', () => {
      expect(depotFromSuggestion(suggestion)).toEqual(depot);
      const { latLng: _, ...placeless } = suggestion;
      expect(depotFromSuggestion(placeless)).toBeNull();
      expect(formToPayload(filled({ startLocation: depot })).startLocation).toEqual(depot);
      expect(unitFormIssues(filled({ startLocation: depot, endLocation: depot }))).toEqual({});
    });

    it('the form shows the address, else the point, else no depot; 0,0 is refused', () => {
      expect(depotText(depot)).toBe('Tollbugata 17, 0152 Oslo');
      expect(depotText({ lat: 59.91, lng: 10.75, address: '' })).toBe('59.91, 10.75');
      expect(depotText(null)).toBeNull();
      expect(
        unitFormIssues(filled({ startLocation: { lat: 0, lng: 0, address: 'Null Island' } }))
          .startLocation,
      ).toBe('validation.coordinates');
    });

    it("an old unit's 0,0 shows as no depot, and removing a depot sends null", () => {
      const stored = {
        ...createUnitSchema.parse(formToPayload(filled({ startLocation: depot }))),
        endLocation: { lat: 0, lng: 0 } as unknown as null,
        id: '5',
        revision: 0,
        updatedAtEpoch: 0,
      };
      const form = unitToForm(stored);
      expect([form.startLocation, form.endLocation]).toEqual([depot, null]);
      expect(changedPayload(stored, formToPayload({ ...form, startLocation: null }))).toEqual({
        id: '5',
        startLocation: null,
        // The old 0,0 is written as what it meant.
        endLocation: null,
      });
    });
  });
});
