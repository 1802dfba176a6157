import { describe, expect, it } from '@jest/globals';
import {
  AppError,
  createUnitSchema,
  unitStream,
  userStream,
  type Identity,
  type NewEvent,
  type UnitFields,
  type UserEvent,
} from '@nordlog/contracts';
import { decideTargets, fakeContext } from '../framework/fakeContext.js';
import { given } from '../framework/testing.js';
import { unitDecider } from './decider.js';
import { unitHandlers } from './handlers.js';

const planner: Identity = {
  userId: '9',
  role: 'PLANNER',
  access: ['PLANNER_UNITS', 'PLANNER_VEHICLES'],
  departmentIds: ['1', '3'],
  customerId: null,
};

const user = (id: string, role: string): UserEvent => ({
  type: 'UserCreated',
  data: {
    id,
    name: `User ${id}`,
    phoneNumber: `+479000000${id}`,
    email: null,
    role: role as 'COURIER',
    access: [],
    departmentIds: ['1'],
    customerId: null,
    courierId: null,
    requiresEmail: false,
    requiresPwd: false,
    roleIds: [],
  },
});

const unitFields: UnitFields = createUnitSchema.parse({
  name: 'Van 1',
  alystraId: 'U-1',
  departmentId: '1',
  capacity: 20,
  weightCapacity: 800,
  volumeCapacity: 9.5,
  vehicleType: 'van',
  fuelType: 'diesel',
  courierUserIds: ['7'],
});
const vehicleFields: UnitFields = {
  ...unitFields,
  name: 'Truck',
  isUnit: false,
  courierUserIds: [],
};
const unitCreated = (id: string, fields: UnitFields): NewEvent => ({
  type: 'UnitCreated',
  data: { id, ...fields },
});

/** A planner of departments 1 and 3; department 2 exists outside its access; courier 7, planner 8. */
function world() {
  return fakeContext({
    identity: planner,
    departments: ['1', '2', '3'],
    streams: {
      [userStream('7')]: [user('7', 'COURIER')],
      [userStream('8')]: [user('8', 'PLANNER')],
      [unitStream('50')]: [unitCreated('50', unitFields)],
      [unitStream('51')]: [unitCreated('51', vehicleFields)],
      [unitStream('52')]: [unitCreated('52', { ...unitFields, departmentId: '2' })],
    },
  });
}

async function refusal(run: () => unknown): Promise<{ errorType: string; key?: unknown }> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const item = err.items[0]!;
    return { errorType: item.errorType, key: item.params?.key };
  }
  throw new Error('not refused');
}

describe('unit decider', () => {
  it('creates once, updates the changed fields only, and is never deleted', () => {
    given(unitDecider)
      .when({ type: 'create', id: '50', fields: unitFields })
      .then([{ type: 'UnitCreated', data: { id: '50', ...unitFields } }]);
    given(unitDecider, [{ type: 'UnitCreated', data: { id: '50', ...unitFields } }])
      .when({ type: 'update', id: '50', fields: { name: 'Van 1', color: '#ff0000' } })
      .then([{ type: 'UnitUpdated', data: { id: '50', changes: { color: '#ff0000' } } }]);
    given(unitDecider, [{ type: 'UnitCreated', data: { id: '50', ...unitFields } }])
      .when({ type: 'delete', id: '50' })
      .thenRefuses('BAD_REQUEST');
  });
});

describe('unit handlers', () => {
  it('S3-ENT-022 S3-ENT-023 S3-ENT-024 S3-ENT-026 S3-ENT-027 CREATE_UNIT stores the defaults: active, a unit, #ffffff, factors 1, no depot at start or end (null, not 0,0: 0041-depot)', async () => {
    const ctx = world();
    const targets = await unitHandlers.CREATE_UNIT(unitFields, ctx);
    const [event] = decideTargets(targets, ctx.streams)[unitStream('100')]!;
    expect(event).toEqual({
      type: 'UnitCreated',
      data: expect.objectContaining({
        id: '100',
        isActive: true,
        isUnit: true,
        color: '#ffffff',
        speedFactor: 1,
        serviceTimeFactor: 1,
        startLocation: null,
        endLocation: null,
        shouldDriverReturn: true,
        break: { type: 'NoBreakTime' },
        assignedDepartmentId: null,
      }),
    });
  });

  it('CREATE_UNIT: the department must be the caller’s and exist; courierUserIds must be courier users', async () => {
    const ctx = world();
    expect(
      await refusal(() => unitHandlers.CREATE_UNIT({ ...unitFields, departmentId: '2' }, ctx)),
    ).toEqual({ errorType: 'NO_ACCESS', key: undefined });
    const admin = fakeContext({ identity: { ...planner, departmentIds: '*' } });
    expect(
      await refusal(() => unitHandlers.CREATE_UNIT({ ...unitFields, departmentId: '4' }, admin)),
    ).toEqual({ errorType: 'VALIDATION_ERROR', key: 'validation.unknownId' });
    for (const courierUserIds of [['8'], ['7', '99']])
      expect(
        await refusal(() => unitHandlers.CREATE_UNIT({ ...unitFields, courierUserIds }, ctx)),
      ).toEqual({ errorType: 'VALIDATION_ERROR', key: 'validation.unknownId' });
  });

  it('UPDATE_UNIT changes the named fields only and keeps the others', async () => {
    const ctx = world();
    const targets = await unitHandlers.UPDATE_UNIT({ id: '50', capacity: 30 }, ctx);
    expect(decideTargets(targets, ctx.streams)).toEqual({
      [unitStream('50')]: [{ type: 'UnitUpdated', data: { id: '50', changes: { capacity: 30 } } }],
    });
  });

  it('S5-VAL-049 S5-VAL-054 UPDATE_UNIT checks the merged unit: a unit needs courier users, notApproved needs a comment', async () => {
    const ctx = world();
    const decide = async (payload: Parameters<typeof unitHandlers.UPDATE_UNIT>[0]) =>
      decideTargets(await unitHandlers.UPDATE_UNIT(payload, ctx), ctx.streams);
    expect(await refusal(() => decide({ id: '50', courierUserIds: [] }))).toEqual({
      errorType: 'VALIDATION_ERROR',
      key: 'validation.required',
    });
    // A vehicle record needs no courier users; making it a unit then does.
    expect(await decide({ id: '51', name: 'Truck 2' })).toEqual({
      [unitStream('51')]: [
        { type: 'UnitUpdated', data: { id: '51', changes: { name: 'Truck 2' } } },
      ],
    });
    expect(await refusal(() => decide({ id: '51', isUnit: true }))).toEqual({
      errorType: 'VALIDATION_ERROR',
      key: 'validation.required',
    });
    expect(await refusal(() => decide({ id: '50', vehicleControl: 'notApproved' }))).toEqual({
      errorType: 'VALIDATION_ERROR',
      key: 'validation.required',
    });
    expect(
      await decide({ id: '50', vehicleControl: 'notApproved', vehicleControlComment: 'Brakes' }),
    ).toEqual({
      [unitStream('50')]: [
        {
          type: 'UnitUpdated',
          data: {
            id: '50',
            changes: { vehicleControl: 'notApproved', vehicleControlComment: 'Brakes' },
          },
        },
      ],
    });
  });

  it('UPDATE_UNIT refuses a unit of another department (NO_ACCESS) and an unknown one (NOT_FOUND)', async () => {
    const ctx = world();
    const decide = async (id: string) =>
      decideTargets(await unitHandlers.UPDATE_UNIT({ id, name: 'X' }, ctx), ctx.streams);
    expect(await refusal(() => decide('52'))).toEqual({ errorType: 'NO_ACCESS', key: undefined });
    expect(await refusal(() => decide('53'))).toEqual({ errorType: 'NOT_FOUND', key: undefined });
  });

  it('DEACTIVATE_UNIT sets isActive false; nothing when the unit is inactive already', async () => {
    const ctx = world();
    const targets = () => unitHandlers.DEACTIVATE_UNIT({ id: '50' }, ctx);
    const first = decideTargets(targets(), ctx.streams);
    expect(first).toEqual({
      [unitStream('50')]: [
        { type: 'UnitUpdated', data: { id: '50', changes: { isActive: false } } },
      ],
    });
    ctx.streams[unitStream('50')]!.push(...first[unitStream('50')]!);
    expect(decideTargets(targets(), ctx.streams)).toEqual({ [unitStream('50')]: [] });
  });

  it('ASSIGN_VEHICLE_TO_DEPARTMENT lends a vehicle; UNASSIGN takes it back; a unit is no vehicle', async () => {
    const ctx = world();
    const assigned = decideTargets(
      await unitHandlers.ASSIGN_VEHICLE_TO_DEPARTMENT({ vehicleId: '51', departmentId: '3' }, ctx),
      ctx.streams,
    );
    expect(assigned).toEqual({
      [unitStream('51')]: [
        { type: 'UnitUpdated', data: { id: '51', changes: { assignedDepartmentId: '3' } } },
      ],
    });
    ctx.streams[unitStream('51')]!.push(...assigned[unitStream('51')]!);
    // A planner of the department it was lent to may give it back.
    const borrower = { ...ctx, identity: { ...planner, departmentIds: ['3'] } };
    expect(
      decideTargets(
        unitHandlers.UNASSIGN_VEHICLE_FROM_DEPARTMENT({ vehicleId: '51' }, borrower),
        ctx.streams,
      ),
    ).toEqual({
      [unitStream('51')]: [
        { type: 'UnitUpdated', data: { id: '51', changes: { assignedDepartmentId: null } } },
      ],
    });
    expect(
      await refusal(async () =>
        decideTargets(
          await unitHandlers.ASSIGN_VEHICLE_TO_DEPARTMENT(
            { vehicleId: '50', departmentId: '3' },
            ctx,
          ),
          ctx.streams,
        ),
      ),
    ).toEqual({ errorType: 'NOT_FOUND', key: undefined });
    expect(
      await refusal(() =>
        unitHandlers.ASSIGN_VEHICLE_TO_DEPARTMENT({ vehicleId: '51', departmentId: '2' }, ctx),
      ),
    ).toEqual({ errorType: 'NO_ACCESS', key: undefined });
  });
});
