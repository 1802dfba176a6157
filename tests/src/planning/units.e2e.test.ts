import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sampleUnit } from '../support/samples.js';
import {
  freshPhone,
  lastMessageId,
  startTestSystem,
  storeHead,
  waitForToken,
  type TestSystem,
} from '../support/system.js';

type Row = Record<string, unknown> & { id: string };

/**
 * Units, vehicles and courier users through the real system (spec §3 "Unit/vehicle", "Courier
 * user", §5, §7): commands → read models → queries, and the courier's phone-code log-in.
 */
describe('units, vehicles and courier users', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let courier: string;

  const ok = async (type: string, payload: unknown) => {
    const res = await sys.command(type, payload);
    expect({ type, status: res.status, body: res.body }).toEqual(
      expect.objectContaining({ status: 200 }),
    );
    return res.body as { ids: string[]; events: string[]; position: string };
  };
  const read = async (query: string, params: unknown): Promise<Row[]> => {
    await sys.settled();
    const res = await sys.query(query, params);
    expect(res.status).toBe(200);
    return res.body as Row[];
  };
  const byId = async (query: string, params: unknown, id: string) =>
    (await read(query, params)).find((r) => r.id === id);
  /** A refusal: its status, and nothing stored. */
  const refused = async (type: string, payload: unknown) => {
    const before = await storeHead(sys);
    const res = await sys.command(type, payload);
    expect(await storeHead(sys)).toBe(before);
    return { status: res.status, errorType: res.body?.[0]?.errorType as string | undefined };
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    const dep = async (name: string) =>
      (await ok('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' })).ids[0]!;
    oslo = await dep('Oslo');
    bergen = await dep('Bergen');
    courier = (
      await ok('CREATE_COURIER_USER', {
        name: 'Kim Courier',
        phoneNumber: freshPhone(),
        departmentId: oslo,
      })
    ).ids[0]!;
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-024 S7-CALL-076 S3-ENT-020 S3-ENT-025 S3-ENT-030 S3-ENT-033 CREATE_UNIT with every field; `units` reads it back as sent', async () => {
    const fields = sampleUnit(oslo, [courier]);
    const { ids, events } = await ok('CREATE_UNIT', fields);
    expect(events).toEqual(['UnitCreated']);
    expect(await byId('units', { departmentIds: [oslo] }, ids[0]!)).toEqual({
      ...fields,
      id: ids[0],
      revision: 0,
      updatedAtEpoch: expect.any(Number),
    });
    // Units of another department are not answered for it.
    expect(await byId('units', { departmentIds: [bergen] }, ids[0]!)).toBeUndefined();
  });

  it('S3-ENT-022 S3-ENT-023 S3-ENT-024 S3-ENT-026 S3-ENT-027 S5-VAL-050 a unit made of the required fields only gets the defaults (no depot: null, not 0,0)', async () => {
    const { ids } = await ok('CREATE_UNIT', {
      name: 'Minimal',
      alystraId: 'M-1',
      departmentId: oslo,
      capacity: 5,
      weightCapacity: 100,
      volumeCapacity: 2,
      vehicleType: 'bicycle',
      fuelType: 'bicycle',
      courierUserIds: [courier],
    });
    expect(await byId('units', {}, ids[0]!)).toEqual(
      expect.objectContaining({
        isActive: true,
        isUnit: true,
        color: '#ffffff',
        speedFactor: 1,
        serviceTimeFactor: 1,
        maxRangeKm: null,
        startLocation: null,
        endLocation: null,
        shouldDriverReturn: true,
        break: { type: 'NoBreakTime' },
      }),
    );
  });

  it('S3-ENT-031 S3-ENT-032 S3-ENT-034 S3-ENT-035 S5-VAL-049 S5-VAL-052 invalid values are refused with 400 and store nothing', async () => {
    const base = sampleUnit(oslo, [courier]);
    for (const change of [
      { vehicleType: 'spaceship' },
      { fuelType: 'coal' },
      { vehicleControl: 'maybe' },
      { euroClass: 'euro4' },
      { speedFactor: 0.4 },
      { serviceTimeFactor: 1.25 },
      { capacity: 3_000_000_000 },
      { color: 'red' },
      { courierUserIds: [] },
      { break: { type: 'Lunch' } },
    ]) {
      expect({ change, ...(await refused('CREATE_UNIT', { ...base, ...change })) }).toEqual({
        change,
        status: 400,
        errorType: 'VALIDATION_ERROR',
      });
    }
    // Each of the listed values is taken.
    for (const vehicleType of ['bicycle', 'cargobike', 'motorcycle', 'car', 'van', 'truck'])
      await ok('CREATE_UNIT', { ...base, vehicleType });
    for (const euroClass of ['euroEL', 'euro5', 'euro6', null])
      await ok('CREATE_UNIT', { ...base, euroClass });
  });

  it('S3-ENT-031 S5-VAL-054 vehicleControl notApproved needs a comment; approved does not', async () => {
    const base = sampleUnit(oslo, [courier]);
    expect(
      await refused('CREATE_UNIT', {
        ...base,
        vehicleControl: 'notApproved',
        vehicleControlComment: '',
      }),
    ).toEqual({ status: 400, errorType: 'VALIDATION_ERROR' });
    await ok('CREATE_UNIT', { ...base, vehicleControl: 'notApproved', vehicleControlComment: 'x' });
    await ok('CREATE_UNIT', { ...base, vehicleControl: 'approved', vehicleControlComment: '' });
  });

  it('S3-ENT-036 S3-ENT-037 S3-ENT-038 S5-VAL-061 breaks: the three kinds are stored with their own fields only; 2 hours of working time is refused', async () => {
    const base = sampleUnit(oslo, [courier]);
    const breaks = [
      { type: 'NoBreakTime' },
      { type: 'TimeWindow', earliest: '11:00', latest: '12:30', duration: 'PT30M' },
      { type: 'WorkingTime', maxWorkingTime: 'PT4H', duration: 'PT30M' },
    ];
    for (const b of breaks) {
      const { ids } = await ok('CREATE_UNIT', { ...base, break: b });
      expect((await byId('units', {}, ids[0]!))?.break).toEqual(b);
    }
    for (const b of [
      { type: 'WorkingTime', maxWorkingTime: 'PT2H', duration: 'PT30M' },
      { type: 'WorkingTime', maxWorkingTime: 'PT3H', duration: 'PT30M' },
      { type: 'WorkingTime', maxWorkingTime: 'PT4H' },
      { type: 'TimeWindow', earliest: '12:00', latest: '12:00', duration: 'PT30M' },
      {
        type: 'TimeWindow',
        earliest: '11:00',
        latest: '12:00',
        duration: 'PT30M',
        maxWorkingTime: 'PT4H',
      },
    ])
      expect({ b, ...(await refused('CREATE_UNIT', { ...base, break: b })) }).toEqual({
        b,
        status: 400,
        errorType: 'VALIDATION_ERROR',
      });
  });

  it('UPDATE_UNIT changes the fields it names and keeps the others; the merged unit must meet the rules', async () => {
    const fields = sampleUnit(oslo, [courier]);
    const { ids } = await ok('CREATE_UNIT', fields);
    const id = ids[0]!;
    const updated = await ok('UPDATE_UNIT', { id, capacity: 55, shouldDriverReturn: false });
    expect(updated.events).toEqual(['UnitUpdated']);
    expect(await byId('units', {}, id)).toEqual({
      ...fields,
      capacity: 55,
      shouldDriverReturn: false,
      id,
      revision: 1,
      updatedAtEpoch: expect.any(Number),
    });
    expect(await refused('UPDATE_UNIT', { id, courierUserIds: [] })).toEqual({
      status: 400,
      errorType: 'VALIDATION_ERROR',
    });
    expect(
      await refused('UPDATE_UNIT', {
        id,
        vehicleControl: 'notApproved',
        vehicleControlComment: '',
      }),
    ).toEqual({
      status: 400,
      errorType: 'VALIDATION_ERROR',
    });
    expect(await refused('UPDATE_UNIT', { id: '999999', capacity: 1 })).toEqual({
      status: 404,
      errorType: 'NOT_FOUND',
    });
  });

  it('DEACTIVATE_UNIT: the unit leaves the active list, stays readable with includeInactive; a second one changes nothing', async () => {
    const { ids } = await ok('CREATE_UNIT', sampleUnit(oslo, [courier]));
    const id = ids[0]!;
    expect((await ok('DEACTIVATE_UNIT', { id })).events).toEqual(['UnitUpdated']);
    expect((await ok('DEACTIVATE_UNIT', { id })).events).toEqual([]);
    expect(await byId('units', {}, id)).toBeUndefined();
    expect((await byId('units', { includeInactive: true }, id))?.isActive).toBe(false);
  });

  it('S7-CALL-074 S7-CMD-056 vehicles: records of the department and those lent to it; assign and unassign to a department', async () => {
    const vehicle = (
      await ok('CREATE_UNIT', { ...sampleUnit(bergen, []), name: 'Truck', isUnit: false })
    ).ids[0]!;
    const inOslo = async () => (await read('vehicles', { departmentIds: [oslo] })).map((r) => r.id);
    expect((await read('vehicles', { departmentIds: [bergen] })).map((r) => r.id)).toContain(
      vehicle,
    );
    expect(await inOslo()).not.toContain(vehicle);
    // A vehicle is no unit.
    expect((await read('units', {})).map((r) => r.id)).not.toContain(vehicle);
    await ok('ASSIGN_VEHICLE_TO_DEPARTMENT', { vehicleId: vehicle, departmentId: oslo });
    expect(await inOslo()).toContain(vehicle);
    expect((await byId('vehicles', { departmentIds: [oslo] }, vehicle))?.assignedDepartmentId).toBe(
      oslo,
    );
    await ok('UNASSIGN_VEHICLE_FROM_DEPARTMENT', { vehicleId: vehicle });
    expect(await inOslo()).not.toContain(vehicle);
    // A unit is not a vehicle to lend; bad payloads are 400.
    const unit = (await ok('CREATE_UNIT', sampleUnit(oslo, [courier]))).ids[0]!;
    expect(
      await refused('ASSIGN_VEHICLE_TO_DEPARTMENT', { vehicleId: unit, departmentId: bergen }),
    ).toEqual({ status: 404, errorType: 'NOT_FOUND' });
    expect(await refused('ASSIGN_VEHICLE_TO_DEPARTMENT', { vehicleId: vehicle })).toEqual({
      status: 400,
      errorType: 'VALIDATION_ERROR',
    });
    expect((await sys.query('vehicles', { departmentIds: 'oslo' })).status).toBe(400);
  });

  it('S7-CALL-074 S7-CALL-076 units and vehicles answer planners; bad params are 400; users without the flags are refused', async () => {
    const planner = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo] }),
    );
    const accounting = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'ACCOUNTING', departmentIds: [oslo] }),
    );
    for (const query of ['units', 'vehicles', 'couriers']) {
      const res = await planner.query(query, { departmentIds: [oslo] });
      expect({ query, status: res.status, array: Array.isArray(res.body) }).toEqual({
        query,
        status: 200,
        array: true,
      });
      expect((await planner.query(query, { departmentIds: ['oslo'] })).status).toBe(400);
      expect((await accounting.query(query, {})).status).toBe(403);
    }
  });

  it('a planner sees and changes the units of its departments only', async () => {
    const planner = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [bergen] }),
    );
    const theirs = (await ok('CREATE_UNIT', sampleUnit(oslo, [courier]))).ids[0]!;
    await sys.settled();
    expect(
      ((await planner.query('units', { includeInactive: true })).body as Row[]).map((r) => r.id),
    ).not.toContain(theirs);
    expect((await planner.command('UPDATE_UNIT', { id: theirs, capacity: 1 })).status).toBe(403);
    // A department (and couriers) outside its access: refused as reading them is (0039).
    expect((await planner.command('CREATE_UNIT', sampleUnit(oslo, [courier]))).status).toBe(404);
  });

  it('S7-CMD-024 S3-ENT-040 S3-ENT-041 S3-ENT-042 CREATE_COURIER_USER with the defaults, and with every field; `couriers` reads them back', async () => {
    const phoneNumber = freshPhone();
    const { ids } = await ok('CREATE_COURIER_USER', {
      name: 'Ola Bud',
      phoneNumber,
      departmentId: oslo,
    });
    expect(await byId('couriers', { departmentIds: [oslo] }, ids[0]!)).toEqual({
      id: ids[0],
      name: 'Ola Bud',
      phoneNumber,
      email: null,
      canLogIn: true,
      secureLoginEnabled: false,
      driverId: '',
      unitIds: [],
      alcoholDeliveryEducation: false,
      departmentId: oslo,
      dateOfBirth: null,
      occupationalInjuryInsurance: false,
      courierScanEnabled: false,
      revision: 0,
      updatedAtEpoch: expect.any(Number),
      deleted: false,
    });
    const unit = (await ok('CREATE_UNIT', sampleUnit(bergen, [courier]))).ids[0]!;
    const all = {
      name: 'Kari Bud',
      phoneNumber: freshPhone(),
      email: 'kari@bud.example',
      canLogIn: false,
      secureLoginEnabled: true,
      driverId: 'DRV-7',
      unitIds: [unit],
      alcoholDeliveryEducation: true,
      departmentId: bergen,
      dateOfBirth: '1991-02-03',
      occupationalInjuryInsurance: true,
      courierScanEnabled: true,
    };
    const full = (await ok('CREATE_COURIER_USER', all)).ids[0]!;
    expect(await byId('couriers', { departmentIds: [bergen] }, full)).toEqual(
      expect.objectContaining({ ...all, id: full }),
    );
    // A courier is a user with the COURIER role, its own courier id, in its department.
    const users = await read('users', { ids: [full] });
    expect(users[0]).toEqual(
      expect.objectContaining({
        role: 'COURIER',
        courierId: full,
        departmentIds: [bergen],
        access: [],
      }),
    );
  });

  it('S5-VAL-040 secure login without a date of birth is refused; a phone number another user has is refused', async () => {
    expect(
      await refused('CREATE_COURIER_USER', {
        name: 'No Birthday',
        phoneNumber: freshPhone(),
        departmentId: oslo,
        secureLoginEnabled: true,
      }),
    ).toEqual({ status: 400, errorType: 'VALIDATION_ERROR' });
    const planner = freshPhone();
    await ok('CREATE_PLANNER', { name: 'Per', phoneNumber: planner });
    expect(
      await refused('CREATE_COURIER_USER', {
        name: 'Twin',
        phoneNumber: planner,
        departmentId: oslo,
      }),
    ).toEqual({ status: 409, errorType: 'PHONE_NUMBER_TAKEN' });
    const other = (
      await ok('CREATE_COURIER_USER', {
        name: 'Other',
        phoneNumber: freshPhone(),
        departmentId: oslo,
      })
    ).ids[0]!;
    expect(await refused('UPDATE_COURIER_USER', { id: other, phoneNumber: planner })).toEqual({
      status: 409,
      errorType: 'PHONE_NUMBER_TAKEN',
    });
  });

  it('S7-CMD-024 UPDATE_COURIER_USER changes the fields it names; secure login needs the date of birth; not for other users', async () => {
    const phoneNumber = freshPhone();
    const id = (await ok('CREATE_COURIER_USER', { name: 'Eva', phoneNumber, departmentId: oslo }))
      .ids[0]!;
    expect(await refused('UPDATE_COURIER_USER', { id, secureLoginEnabled: true })).toEqual({
      status: 400,
      errorType: 'VALIDATION_ERROR',
    });
    await ok('UPDATE_COURIER_USER', { id, driverId: 'D-1', dateOfBirth: '1990-05-06' });
    await ok('UPDATE_COURIER_USER', { id, secureLoginEnabled: true, departmentId: bergen });
    expect(await byId('couriers', { departmentIds: [oslo] }, id)).toBeUndefined();
    expect(await byId('couriers', { departmentIds: [bergen] }, id)).toEqual(
      expect.objectContaining({
        name: 'Eva',
        phoneNumber,
        driverId: 'D-1',
        dateOfBirth: '1990-05-06',
        secureLoginEnabled: true,
        departmentId: bergen,
        canLogIn: true,
      }),
    );
    const planner = (await ok('CREATE_PLANNER', { name: 'Pia', phoneNumber: freshPhone() })).ids[0];
    expect(await refused('UPDATE_COURIER_USER', { id: planner, driverId: 'x' })).toEqual({
      status: 404,
      errorType: 'NOT_FOUND',
    });
  });

  it('a courier logs in with the phone code; with canLogIn false the log-in is refused and its sessions end', async () => {
    const phoneNumber = freshPhone();
    const id = (await ok('CREATE_COURIER_USER', { name: 'Lars', phoneNumber, departmentId: oslo }))
      .ids[0]!;
    await sys.settled();
    const session = await sys.signIn(phoneNumber);
    const me = await sys.as(session).get('/auth/user');
    expect(me.body).toEqual(expect.objectContaining({ id, role: 'COURIER', courierId: id }));

    await ok('UPDATE_COURIER_USER', { id, canLogIn: false });
    await sys.settled();
    const mark = await lastMessageId(sys);
    const anonymous = { 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${sys.url}/auth/request-token`, {
          method: 'POST',
          headers: anonymous,
          body: JSON.stringify({ phoneNumber }),
        })
      ).status,
    ).toBe(200);
    const token = await waitForToken(sys, phoneNumber, mark);
    const verified = await fetch(`${sys.url}/auth/verify-token`, {
      method: 'POST',
      headers: anonymous,
      body: JSON.stringify({ phoneNumber, token }),
    });
    expect(verified.status).toBe(403);
    expect(((await verified.json()) as { errorType: string }[])[0]!.errorType).toBe(
      'LOGIN_NOT_ALLOWED',
    );
    expect(verified.headers.get('set-cookie')).toBeNull();
    // The session it had ends: at once for `/auth/user`, within the gateway's 5 s identity cache
    // for the API.
    expect((await sys.as(session).get('/auth/user')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await sys.as(session).query('departments', {})).status).toBe(401);

    await ok('UPDATE_COURIER_USER', { id, canLogIn: true });
    await sys.settled();
    await sys.signIn(phoneNumber);
  }, 30_000);
});
