import { addDays } from '@nordlog/contracts';
import { content, contentChanges, productionWeek, words, type Samples } from './base.js';

/** Update samples by feature (spread into `updateSamples`): production time windows, cms content, addresses and customer groups. */
export const contentSamples = {
  // A production time window (docs/decisions/0078): every field changed, each change valid
  // alone (the dates move inside the window's own week).
  EDIT_PRODUCTION_TIME_WINDOW: ({ departments }) => {
    const week = productionWeek();
    return {
      create: {
        departmentId: departments[0],
        name: `Peak ${words()}`,
        ...week,
        pickupHours: [{ weekday: 'SAT', start: '09:00', end: '14:00' }],
        deliveryHours: [{ weekday: 'SAT', start: '10:00', end: '16:00' }],
        bookingCutoff: '12:00',
      },
      changes: {
        name: `Summer ${words()}`,
        fromDate: addDays(week.fromDate, 1),
        toDate: addDays(week.toDate, -1),
        pickupHours: [
          { weekday: 'MON', start: '08:00', end: '11:30' },
          { weekday: 'MON', start: '12:30', end: '15:00' },
        ],
        deliveryHours: [{ weekday: 'TUE', start: '09:00', end: '15:00' }],
        bookingCutoff: '10:00',
      },
    };
  },
  // Content (docs/decisions/0077): every field changed; the dates in the future.
  UPDATE_BANNER: () => ({
    create: { ...content('Snow in Oslo'), level: 'INFO', link: 'https://status.example.com/one' },
    changes: {
      ...contentChanges(),
      level: 'CRITICAL',
      link: 'https://status.example.com/two',
    },
  }),
  UPDATE_NEWS: () => ({ create: content('New depot'), changes: contentChanges() }),
  UPDATE_WHATS_THIS_MODAL: () => ({
    create: { ...content('Holidays'), screen: '/admin/holidays' },
    changes: { ...contentChanges(), screen: '/admin/jobs' },
  }),
  // The address book (docs/decisions/0061): every field changed, the block as a whole.
  UPDATE_ADDRESS: ({ departments, customers }) => ({
    create: {
      departmentId: departments[0],
      customerId: customers[0],
      usage: 'DELIVERY',
      code: `D-${words()}`,
      // A pickup point of the department (0063): the recipient's answers choose it.
      pickupPoint: true,
      block: {
        name: 'Apotek 1 Storgata',
        address: 'Storgata 1',
        zipCode: '0155',
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: 59.9127,
        lng: 10.7461,
        phone: '+4791234567',
        contactPerson: 'Kari',
      },
    },
    changes: {
      departmentId: departments[1],
      customerId: customers[1],
      usage: 'PICKUP',
      code: `P-${words()}`,
      pickupPoint: false,
      block: {
        name: 'Bok Bryggen',
        address: 'Bryggen 5',
        zipCode: '5003',
        zipArea: 'Bergen',
        countryCode: 'NO',
        lat: 60.3975,
        lng: 5.3245,
        email: 'bryggen@bok.no',
        instructions: 'Ring the bell',
      },
    },
  }),
  UPDATE_CUSTOMER_GROUP: ({ customers }) => ({
    create: { name: `Group ${words()}`, description: 'one', customerIds: [customers[0]] },
    changes: { name: `Group ${words()}`, description: 'two', customerIds: [...customers] },
  }),
} satisfies Samples;
