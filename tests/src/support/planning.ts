import { freshPhone, type Client, type TestSystem } from './system.js';

type Commands = Pick<Client, 'command'>;

const ok = async (res: Promise<{ status: number; body: { ids?: string[] } }>, what: string) => {
  const answer = await res;
  if (answer.status !== 200)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { ids: string[]; events: string[] };
};

/**
 * A courier user of these departments whose courier id is its user id (what CREATE_COURIER_USER
 * makes), made with the user commands so tests need nothing else.
 */
export async function createCourier(
  sys: TestSystem,
  departmentIds: string[],
  name = 'Test Courier',
): Promise<{ id: string; phoneNumber: string }> {
  const phoneNumber = freshPhone();
  const { ids } = await ok(
    sys.command('CREATE_USER', { name, phoneNumber, role: 'COURIER', departmentIds }),
    'CREATE_USER courier',
  );
  const id = ids[0]!;
  await ok(sys.command('UPDATE_USER', { id, courierId: id }), 'UPDATE_USER courierId');
  return { id, phoneNumber };
}

/** A slot of a department starting at 07:00 UTC on a date; its id. */
export async function createSlot(
  client: Commands,
  departmentId: string,
  date: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { ids } = await ok(
    client.command('CREATE_SLOT', {
      departmentId,
      name: `Slot ${Math.random().toString(36).slice(2, 6)}`,
      timeFrom: `${date}T07:00:00.000Z`,
      ...extra,
    }),
    'CREATE_SLOT',
  );
  return ids[0]!;
}

/** What a test's command runner answers: the ids of a command that succeeded (it throws otherwise). */
type Run = (name: string, payload: unknown) => Promise<string[]>;

/** A van of the size a planning test's slot needs: 1,000 packages, 10 t, 100 m³. */
export const TEST_VAN = {
  name: 'Van',
  alystraId: 'U-1',
  capacity: 1000,
  weightCapacity: 10_000,
  volumeCapacity: 100,
};

/**
 * A courier (its courier id its user id) and an electric van of a department, based at Oslo's
 * centre and driven by that courier, with the capacities given; their ids.
 */
export async function createCourierVan(
  run: Run,
  departmentId: string,
  van: {
    name: string;
    alystraId: string;
    capacity: number;
    weightCapacity: number;
    volumeCapacity: number;
  },
  courier: { name: string; phoneNumber: string },
): Promise<{ courier: string; unit: string }> {
  const [courierId] = await run('CREATE_USER', {
    ...courier,
    role: 'COURIER',
    departmentIds: [departmentId],
  });
  await run('UPDATE_USER', { id: courierId, courierId });
  const centre = { lat: 59.91, lng: 10.75 };
  const [unit] = await run('CREATE_UNIT', {
    ...van,
    departmentId,
    vehicleType: 'van',
    fuelType: 'electric',
    startLocation: centre,
    endLocation: centre,
    courierUserIds: [courierId],
  });
  return { courier: courierId!, unit: unit! };
}

/** A Norwegian courier department at a place (or none: placed nowhere); its id. */
export async function createDepartment(
  client: Commands,
  name: string,
  location: { lat: number; lng: number } | null,
): Promise<string> {
  const { ids } = await ok(
    client.command('CREATE_DEPARTMENT', {
      name,
      departmentType: 'courier',
      country: 'NO',
      location,
    }),
    'CREATE_DEPARTMENT',
  );
  return ids[0]!;
}

/** A Norwegian courier department placed nowhere and one customer of it: their ids. */
export async function createDepartmentWithCustomer(
  client: Commands,
  customerName: string,
  departmentName = 'Oslo',
): Promise<{ departmentId: string; customerId: string }> {
  const departmentId = await createDepartment(client, departmentName, null);
  const { ids } = await ok(
    client.command('CREATE_CUSTOMER', { name: customerName, departmentId }),
    'CREATE_CUSTOMER',
  );
  return { departmentId, customerId: ids[0]! };
}
