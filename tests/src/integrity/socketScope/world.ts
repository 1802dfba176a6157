import { entityAccess, roles, type EntityName, type Role } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries } from '../../support/booking.js';
import { createCourier } from '../../support/planning.js';
import { connectSocket, type TestSocket } from '../../support/socket.js';
import { freshPhone, type Session, type TestSystem } from '../../support/system.js';

export type Row = Record<string, unknown> & { id: string };
export const DATE = bookingDate(1);

/** The world the changes happen in. */
export interface World {
  oslo: string;
  bergen: string;
  mine: string; // customer of Oslo
  theirs: string; // customer of Bergen
  orders: string[];
  /** The COURIER user's courier id (its user id). */
  courier: string;
  /** The slots with scans (0064). */
  scanned: string[];
}

export interface User {
  label: string;
  session: Session;
}

export interface Socket {
  label: string;
  user: string;
  context: Record<string, string[]>;
  socket: TestSocket;
}

export const entities = Object.keys(entityAccess) as EntityName[];

/**
 * Two departments with a customer each, one user of every role (and a planner of a department
 * group), each with sockets of every context.
 */
export async function startWorld(
  sys: TestSystem,
  users: User[],
  sockets: Socket[],
): Promise<World> {
  const dep = async (name: string) =>
    (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
      .body.ids[0] as string;
  const oslo = await dep('Oslo');
  const bergen = await dep('Bergen');
  const customer = async (name: string, departmentId: string) =>
    (await sys.command('CREATE_CUSTOMER', { name, departmentId })).body.ids[0] as string;
  const world: World = {
    oslo,
    bergen,
    mine: await customer('Apotek Oslo', oslo),
    theirs: await customer('Bok Bergen', bergen),
    orders: [],
    courier: '',
    scanned: [],
  };
  await configureNumberSeries(sys);
  const group = (
    await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Oslo group', departmentIds: [oslo] })
  ).body.ids[0] as string;
  await sys.settled();
  // One user of every role, in Oslo (ADMIN: everywhere; CUSTOMER: Oslo's customer), and a
  // planner whose access is the Oslo group.
  for (const role of roles as readonly Role[]) {
    if (role === 'COURIER') {
      const courier = await createCourier(sys, [oslo]);
      world.courier = courier.id;
      await sys.settled();
      users.push({ label: role, session: await sys.signIn(courier.phoneNumber) });
      continue;
    }
    users.push({
      label: role,
      session: await sys.login({
        phoneNumber: freshPhone(),
        role,
        departmentIds: [oslo],
        customerId: role === 'CUSTOMER' ? world.mine : null,
      }),
    });
  }
  users.push({
    label: 'PLANNER of group',
    session: await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [`group_${group}`],
    }),
  });
  const contexts: Record<string, string[]>[] = [
    {},
    { dates: [DATE] },
    { dates: [DATE], departmentIds: [oslo] },
    { dates: [DATE], customerIds: [world.mine] },
    { dates: [DATE], types: entities },
    { dates: [DATE], departmentIds: [bergen], types: entities },
  ];
  for (const { label, session } of users)
    for (const context of contexts) {
      const query = Object.entries(context)
        .map(([k, v]) => `${k}=${v.join(',')}`)
        .join('&');
      sockets.push({
        label: `${label} ?${query}`,
        user: label,
        context,
        socket: await connectSocket(sys.url, query, { cookie: session.cookie }),
      });
    }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return world;
}
