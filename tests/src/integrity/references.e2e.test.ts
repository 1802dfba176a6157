import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  accessFlags,
  commandPermissions,
  commandSchemas,
  denial,
  idsAt,
  referenceFields,
  type CommandName,
  type Identity,
  type ReferenceEntity,
} from '@nordlog/contracts';
import { bookingDate } from '../support/booking.js';
import { buildWorld, commandBases, type Payload, type World } from '../support/commandBases.js';
import { sampleUnit } from '../support/samples.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';

/** An id no entity has. */
const MISSING = '990001';

/** A copy of the payload with the id at a declared path (`a`, `list[]`, `list[].field`). */
export function withIdAt(payload: unknown, path: string, id: string): Payload {
  const [head, ...rest] = path.split('.');
  const copy: Payload = { ...(payload as Payload) };
  const array = head!.endsWith('[]');
  const key = array ? head!.slice(0, -2) : head!;
  if (!array) {
    copy[key] = rest.length === 0 ? id : withIdAt(copy[key] ?? {}, rest.join('.'), id);
    return copy;
  }
  if (rest.length === 0) {
    copy[key] = [id];
    return copy;
  }
  const items = Array.isArray(copy[key]) ? [...(copy[key] as unknown[])] : [];
  copy[key] = [withIdAt(items[0] ?? {}, rest.join('.'), id), ...items.slice(1)];
  return copy;
}

/** The 404 a read of a missing or unreadable entity answers, naming the field. */
const refusedFor = (field: string) => ({
  status: 404,
  body: [
    expect.objectContaining({
      errorType: expect.stringMatching(/^(NOT_FOUND|ORDER_NOT_FOUND)$/),
      params: { field: field.replace(/\[\]/g, '') },
    }),
  ],
});

/**
 * The command's valid payload with `id` at `path`. When the schema then refuses it (a price list
 * belongs to exactly one customer, group or department), the other top-level references are left
 * out, so the payload reaches the reference check.
 */
function probe(name: CommandName, base: Payload, path: string, id: string): Payload {
  const payload = withIdAt(base, path, id);
  if (commandSchemas[name].safeParse(payload).success) return payload;
  const alone = { ...payload };
  for (const other of referenceFields(name))
    if (other.path !== path && !other.path.includes('.') && !other.path.endsWith('[]'))
      delete alone[other.path];
  return alone;
}

const names = Object.keys(commandSchemas) as CommandName[];
const fields = names.flatMap((name) => referenceFields(name).map((f) => ({ name, ...f })));

/** The suite's planner: every access flag, one department (which one does not matter here). */
const plannerIdentity: Identity = {
  userId: 'planner',
  role: 'PLUS_PLANNER',
  access: [...accessFlags],
  departmentIds: ['1'],
  customerId: null,
};
/**
 * The fields probed with another department's id: roles are everyone's reference data (none is
 * outside), and commands the planner may not send at all end at 403 before any id is read.
 */
const probedOutside = fields.filter(
  (f) => f.entity !== 'roles' && !denial(plannerIdentity, commandPermissions[f.name], 'command'),
);

/**
 * References are checked like reads (issue 36, docs/decisions/0039), for every reference field of
 * every command as contracts/commandReferences.ts declares them: an id that does not exist and an
 * id of another department are both refused with the 404 a read of them answers, before anything
 * is decided. A command added tomorrow is walked the same way.
 */
describe('references are checked like reads: every reference field of every command', () => {
  let sys: TestSystem;
  let world: World;
  /** A planner of the world's first department holding every access flag. */
  let planner: Client;
  /** One entity of each kind the planner may not read (the second department's, or a group). */
  const outside: Partial<Record<ReferenceEntity, string>> = {};

  beforeAll(async () => {
    sys = await startTestSystem();
    world = await buildWorld(sys);
    const id = async (name: string, payload: Payload) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids[0] as string;
    };
    const bergen = world.departments[1];
    const customer = await id('CREATE_CUSTOMER', { name: 'Bergen kunde', departmentId: bergen });
    const courier = await id('CREATE_COURIER_USER', {
      name: 'Bergen bud',
      phoneNumber: freshPhone(),
      departmentId: bergen,
    });
    const unit = await id('CREATE_UNIT', sampleUnit(bergen, [courier]));
    const order = await id('CREATE_ORDER', {
      ...commandBases.CREATE_ORDER(world),
      departmentId: bergen,
      customerId: customer,
    });
    outside.departments = bergen;
    outside.departmentAccess = bergen;
    outside.customers = customer;
    outside.couriers = courier;
    outside.units = unit;
    outside.orders = order;
    outside.slots = await id('CREATE_SLOT', {
      departmentId: bergen,
      name: 'Bergen morning',
      timeFrom: `${bookingDate(3)}T07:00:00+01:00`,
    });
    outside.templates = await id('CREATE_OR_UPDATE_TEMPLATE', {
      ...commandBases.CREATE_OR_UPDATE_TEMPLATE(world),
      departmentId: bergen,
    });
    outside.users = await id('CREATE_USER', {
      name: 'Bergen planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [bergen],
    });
    outside.departmentGroups = await id('CREATE_DEPARTMENT_GROUP', {
      name: 'Bergen only',
      departmentIds: [bergen],
    });
    // Customer groups are read only by users of every department (contracts/entities.ts).
    outside.customerGroups = await id('CREATE_CUSTOMER_GROUP', {
      name: 'Any',
      customerIds: [world.customers[0]],
    });
    outside.recurringOrders = await id('SAVE_RECURRING_ORDER', {
      orderIds: [order],
      startDate: bookingDate(40),
    });
    outside.addresses = await id('CREATE_ADDRESS', {
      departmentId: bergen,
      customerId: customer,
      block: { name: 'Bryggen', address: 'Bryggen 5', zipCode: '5003', zipArea: 'Bergen' },
    });
    // A webhook of the other department's customer (docs/decisions/0070).
    outside.webhooks = await id('CREATE_WEBHOOK', {
      customerId: customer,
      url: 'http://127.0.0.1:9/hooks',
      events: ['OrderCreated'],
    });
    // A vendor of the other department (docs/decisions/0091).
    outside.vendors = await id('CREATE_VENDOR', {
      departmentId: bergen,
      name: 'Bergen haulier',
      country: 'NO',
      orgNumber: '923609016',
      sites: [{ code: 'BGO', name: 'Kokstad' }],
    });
    // Roles are everyone's reference data: no role is outside anybody's access.
    const access = [...accessFlags];
    const departmentIds = [world.departments[0]];
    planner = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLUS_PLANNER',
        access,
        departmentIds,
      }),
    );
    await sys.settled();
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('the walk covers the fields of the issue', () => {
    const covered = fields.map((f) => `${f.name}.${f.path}`);
    expect(covered).toEqual(
      expect.arrayContaining([
        'CREATE_BILLING_ORDER.customerId',
        'CREATE_BILLING_ORDER.departmentId',
        'START_INVOICING_RUN.departmentId',
        'UPDATE_UNIT.courierUserIds[]',
        'ASSIGN_COURIER_TO_SLOT.courierId',
      ]),
    );
    expect(fields.length).toBeGreaterThan(80);
    expect(probedOutside.length).toBeGreaterThan(60);
  });

  for (const { name, path, entity } of fields) {
    it(`${name}.${path} (${entity}): an id that does not exist is refused as a read of it is`, async () => {
      const payload = probe(name, commandBases[name](world), path, MISSING);
      expect(await sys.command(name, payload)).toEqual(refusedFor(path));
    });
  }

  for (const { name, path, entity } of probedOutside) {
    it(`${name}.${path} (${entity}): another department's id is refused alike`, async () => {
      const id = outside[entity]!;
      expect(id).toBeDefined();
      // The planner's payload names its own department wherever the world's names the other one.
      let base = commandBases[name](world);
      for (const other of referenceFields(name))
        if (other.entity === 'departments' && idsAt(base, other.path)[0] === world.departments[1])
          base = withIdAt(base, other.path, world.departments[0]);
      const payload = probe(name, base, path, id);
      expect(await planner.command(name, payload)).toEqual(refusedFor(path));
    });
  }

  it("the issue's probes: a department-1 planner books, bills and staffs nothing of department 2", async () => {
    const bill = { ...commandBases.CREATE_BILLING_ORDER(world), customerId: outside.customers };
    expect((await planner.command('CREATE_BILLING_ORDER', bill)).status).toBe(404);
    // The same answer as reading the customer: existence does not leak.
    const read = await planner.query('customerInvoiceSplit', { customerId: outside.customers });
    expect(read.status).toBe(404);
    expect((await planner.command('CREATE_BILLING_ORDER', bill)).body[0].errorType).toBe(
      read.body[0].errorType,
    );
    const staffed = await planner.command('UPDATE_UNIT', {
      id: world.units[0],
      courierUserIds: [outside.couriers],
    });
    expect(staffed.status).toBe(404);
    for (const command of ['START_INVOICING_RUN', 'CREATE_BILLING_ORDER'] as const)
      expect(
        (await sys.command(command, { ...commandBases[command](world), departmentId: MISSING }))
          .status,
      ).toBe(404);
    // Readable references still pass: the planner bills its own department's customer.
    expect(
      (await planner.command('CREATE_BILLING_ORDER', { ...bill, customerId: world.customers[0] }))
        .status,
    ).toBe(200);
  });

  it("the recipient's answers (0063): the tracking key is the credential, not the caller's departments; a pickup point must be the key's order's department's", async () => {
    await sys.settled();
    const [other] = (await sys.query('orders', { ids: [outside.orders!] })).body;
    const key = other.order.trackingId as string;
    // The department-1 planner holds the other department's order's key: the key decides.
    const left = await planner.command('RECIPIENT_LEAVE_AT_DOOR', {
      trackingId: key,
      note: 'Door',
    });
    expect(left.status).toBe(200);
    // The world's pickup point is department 1's: not one of the key's order's department.
    const point = await planner.command('RECIPIENT_CHOOSE_PICKUP_POINT', {
      trackingId: key,
      pickupPointId: world.address,
    });
    expect(point.status).toBe(404);
    expect(point.body[0].errorType).toBe('NOT_FOUND');
  });
});
