import { bookingDate } from '../booking.js';
import { freshPhone, type Client } from '../system.js';
import { address, words, type SampleWorld } from './base.js';

/** A unit's fields (spec §3 "Unit/vehicle"), every one of them given. */
export const sampleUnit = (departmentId: string, courierUserIds: string[]) => ({
  name: `Unit ${words()}`,
  courier: 'Bud AS',
  alystraId: 'U-1',
  departmentId,
  registrationNumber: 'EL 12345',
  vehicleBrand: 'Ford',
  vehicleModel: 'Transit',
  isActive: true,
  isUnit: true,
  color: '#1e88e5',
  capacity: 40,
  weightCapacity: 900,
  volumeCapacity: 10.5,
  speedFactor: 1.2,
  serviceTimeFactor: 0.8,
  maxRangeKm: 300,
  startLocation: {
    lat: 59.911525,
    lng: 10.75425,
    address: 'Tollbugata 17, 0152 Oslo',
    precision: 'address',
  },
  endLocation: { lat: 59.95, lng: 10.8, address: 'Sognsveien 77, 0855 Oslo' },
  shouldDriverReturn: true,
  vehicleType: 'van',
  fuelType: 'diesel',
  vehicleControl: 'approved',
  vehicleControlComment: 'Checked',
  commercialTrafficEligibility: true,
  euroClass: 'euro6',
  co2: 180,
  courierUserIds,
  break: { type: 'TimeWindow', earliest: '11:00', latest: '13:00', duration: 'PT30M' },
  assignedDepartmentId: null,
});

/** The fleet of a sample world: two couriers, two units driven by them and a vehicle record. */
export async function sampleFleet(
  client: Pick<Client, 'command'>,
  departments: [string, string],
): Promise<
  Pick<
    SampleWorld,
    'couriers' | 'units' | 'vehicle' | 'articleCodes' | 'vasArticles' | 'customerGroup'
  >
> {
  const id = async (type: string, payload: unknown) => {
    const res = await client.command(type, payload);
    if (res.status !== 200) throw new Error(`${type}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const courier = () =>
    id('CREATE_COURIER_USER', {
      name: `Courier ${words()}`,
      phoneNumber: freshPhone(),
      departmentId: departments[0],
    });
  const couriers: [string, string] = [await courier(), await courier()];
  const units: [string, string] = [
    await id('CREATE_UNIT', sampleUnit(departments[0], [couriers[0]])),
    await id('CREATE_UNIT', sampleUnit(departments[0], [couriers[1]])),
  ];
  const vehicle = await id('CREATE_UNIT', {
    ...sampleUnit(departments[0], []),
    name: `Vehicle ${words()}`,
    isUnit: false,
  });
  const article = async (kind: string) => {
    const code = `${kind}-${words().toUpperCase()}`;
    await id('CREATE_ARTICLE', { code, label: `${kind} ${code}`, kind, group: 'TRANSPORT' });
    return code;
  };
  const articleCodes: [string, string] = [await article('FREIGHT'), await article('WEIGHT')];
  const vas = (label: string) => {
    const code = `VAS-${words().toUpperCase()}`;
    return id('CREATE_ARTICLE', { code, label, kind: 'SERVICE', vasCode: code, group: 'SERVICES' });
  };
  const vasArticles: [string, string] = [await vas('Evening delivery'), await vas('Signature')];
  const customerGroup = await id('CREATE_CUSTOMER_GROUP', { name: `Group ${words()}` });
  return { couriers, units, vehicle, articleCodes, vasArticles, customerGroup };
}

/** An order of the first department and customer on a new slot: one a deviation may be reported on. */
export async function samplePlanned(
  client: Pick<Client, 'command'>,
  departmentId: string,
  customerId: string,
): Promise<string> {
  const id = async (type: string, payload: unknown) => {
    const res = await client.command(type, payload);
    if (res.status !== 200) throw new Error(`${type}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const date = bookingDate(2);
  const slotId = await id('CREATE_SLOT', {
    departmentId,
    name: `Route ${words()}`,
    timeFrom: `${date}T07:00:00+01:00`,
  });
  const orderId = await id('CREATE_ORDER', {
    departmentId,
    customerId,
    pickupDate: date,
    pickup: address('Apotek', 'Storgata 1', '0155'),
    delivery: address('Kari Nordmann', 'Bogstadveien 10', '0355'),
    measurements: [{ weight: 1 }],
  });
  await id('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId });
  return orderId;
}
