import { describe, expect, it } from '@jest/globals';
import {
  AppError,
  createCourierUserSchema,
  defaultCourierProfile,
  unitStream,
  userStream,
  type CourierProfile,
  type Identity,
  type UserEvent,
} from '@nordlog/contracts';
import { fold } from '../framework/decider.js';
import { decideTargets, fakeContext } from '../framework/fakeContext.js';
import { given } from '../framework/testing.js';
import { userDecider } from '../users/decider.js';
import { courierUserHandlers } from './handlers.js';

const planner: Identity = {
  userId: '9',
  role: 'PLANNER',
  access: ['PLANNER_COURIERS'],
  departmentIds: ['1', '3'],
  customerId: null,
};

const payload = createCourierUserSchema.parse({
  name: 'Kim Courier',
  phoneNumber: '91234567',
  departmentId: '1',
});
const { name: _n, phoneNumber: _p, email: _e, ...profile } = payload;

const courier = (id: string, courierProfile: CourierProfile | null = profile): UserEvent => ({
  type: 'UserCreated',
  data: {
    id,
    name: 'Kim Courier',
    phoneNumber: '+4791234567',
    email: null,
    role: 'COURIER',
    access: [],
    departmentIds: [courierProfile?.departmentId ?? '1'],
    customerId: null,
    courierId: id,
    requiresEmail: false,
    requiresPwd: false,
    roleIds: [],
    ...(courierProfile ? { courier: courierProfile } : {}),
  },
});
const plannerUser: UserEvent = {
  type: 'UserCreated',
  data: { ...courier('8').data, role: 'PLANNER', courierId: null } as never,
};

function world() {
  return fakeContext({
    identity: planner,
    departments: ['1', '2', '3'],
    streams: {
      [userStream('7')]: [courier('7')],
      [userStream('8')]: [plannerUser],
      [userStream('6')]: [courier('6', null)],
      [unitStream('50')]: [{ type: 'UnitCreated', data: { id: '50' } }],
    },
  });
}

async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { errorType: err.items[0]!.errorType, key: err.items[0]!.params?.key };
  }
  throw new Error('not refused');
}

describe('courier users', () => {
  it('S3-ENT-041 S3-ENT-042 the profile defaults: canLogIn true, secure login off (the schema and the users without a profile agree)', () => {
    expect(profile.canLogIn).toBe(true);
    expect(profile.secureLoginEnabled).toBe(false);
    expect(defaultCourierProfile('1')).toEqual(profile);
  });

  it('CREATE_COURIER_USER: a COURIER user of the department, its own courier id, the profile; its phone number is reserved like every user’s', async () => {
    const ctx = world();
    const targets = await courierUserHandlers.CREATE_COURIER_USER(
      { ...payload, unitIds: ['50'] },
      ctx,
    );
    expect(decideTargets(targets, ctx.streams)).toEqual({
      [userStream('100')]: [
        {
          type: 'UserCreated',
          data: {
            id: '100',
            name: 'Kim Courier',
            phoneNumber: '+4791234567',
            email: null,
            role: 'COURIER',
            access: [],
            departmentIds: ['1'],
            customerId: null,
            courierId: '100',
            requiresEmail: false,
            requiresPwd: false,
            roleIds: [],
            courier: { ...profile, unitIds: ['50'] },
          },
        },
      ],
    });
    const state = fold(
      userDecider,
      decideTargets(targets, ctx.streams)[userStream('100')] as never,
    );
    expect(targets[0]!.uniques?.(state).map((c) => [c.kind, c.value])).toEqual([
      ['phoneNumber', '+4791234567'],
    ]);
  });

  it('CREATE_COURIER_USER: the department must be the caller’s and exist; units must exist', async () => {
    const ctx = world();
    expect(
      await refusal(() =>
        courierUserHandlers.CREATE_COURIER_USER({ ...payload, departmentId: '2' }, ctx),
      ),
    ).toEqual({ errorType: 'NO_ACCESS', key: undefined });
    expect(
      await refusal(() =>
        courierUserHandlers.CREATE_COURIER_USER({ ...payload, unitIds: ['51'] }, ctx),
      ),
    ).toEqual({ errorType: 'VALIDATION_ERROR', key: 'validation.unknownId' });
  });

  it('UPDATE_COURIER_USER changes a courier user only (NOT_FOUND otherwise), merges the profile and follows its department', async () => {
    const ctx = world();
    const decide = async (p: Parameters<typeof courierUserHandlers.UPDATE_COURIER_USER>[0]) =>
      decideTargets(await courierUserHandlers.UPDATE_COURIER_USER(p, ctx), ctx.streams);
    expect(await refusal(() => decide({ id: '8', driverId: 'D1' }))).toEqual({
      errorType: 'NOT_FOUND',
      key: undefined,
    });
    expect(await decide({ id: '7', driverId: 'D1', name: 'Kim C' })).toEqual({
      [userStream('7')]: [
        {
          type: 'UserUpdated',
          data: { id: '7', changes: { name: 'Kim C', courier: { ...profile, driverId: 'D1' } } },
        },
      ],
    });
    expect(await decide({ id: '7', departmentId: '3' })).toEqual({
      [userStream('7')]: [
        {
          type: 'UserUpdated',
          data: {
            id: '7',
            changes: { departmentIds: ['3'], courier: { ...profile, departmentId: '3' } },
          },
        },
      ],
    });
  });

  it('S5-VAL-040 UPDATE_COURIER_USER: secure login on the merged courier needs a date of birth', async () => {
    const ctx = world();
    const decide = async (p: Parameters<typeof courierUserHandlers.UPDATE_COURIER_USER>[0]) =>
      decideTargets(await courierUserHandlers.UPDATE_COURIER_USER(p, ctx), ctx.streams);
    expect(await refusal(() => decide({ id: '7', secureLoginEnabled: true }))).toEqual({
      errorType: 'VALIDATION_ERROR',
      key: 'validation.dateOfBirthForSecureLogin',
    });
    const withBirth = await decide({ id: '7', dateOfBirth: '1990-04-01' });
    ctx.streams[userStream('7')]!.push(...withBirth[userStream('7')]!);
    const secure = await decide({ id: '7', secureLoginEnabled: true });
    expect(secure).toEqual({
      [userStream('7')]: [
        {
          type: 'UserUpdated',
          data: {
            id: '7',
            changes: {
              courier: { ...profile, dateOfBirth: '1990-04-01', secureLoginEnabled: true },
            },
          },
        },
      ],
    });
    ctx.streams[userStream('7')]!.push(...secure[userStream('7')]!);
    expect(await refusal(() => decide({ id: '7', dateOfBirth: null }))).toEqual({
      errorType: 'VALIDATION_ERROR',
      key: 'validation.dateOfBirthForSecureLogin',
    });
  });

  it('a COURIER user made by CREATE_USER gets a profile (the defaults) with its first update', () => {
    given(userDecider, [courier('6', null)])
      .when({ type: 'updateCourier', id: '6', fields: {}, courier: { driverId: 'D6' } })
      .then([
        {
          type: 'UserUpdated',
          data: { id: '6', changes: { courier: { ...profile, driverId: 'D6' } } },
        },
      ]);
    given(userDecider, [courier('6', null)])
      .when({ type: 'updateCourier', id: '6', fields: { name: 'Kim Courier' }, courier: {} })
      .then([{ type: 'UserUpdated', data: { id: '6', changes: { courier: profile } } }]);
  });
});
