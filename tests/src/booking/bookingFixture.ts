import { expect } from '@jest/globals';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { createDepartment } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/** The booking tests' day, parties and order (customer 1 of `startBookingSystem`). */
export const DATE = bookingDate();

export const delivery = {
  name: 'Kari Nordmann',
  address: 'Bogstadveien 10',
  zipCode: '0355',
  zipArea: 'Oslo',
  countryCode: 'NO',
};
export const pickup = {
  ...delivery,
  name: 'Nordlys Apotek',
  address: 'Storgata 1',
  zipCode: '0155',
};
export const order = (departmentId: string, over: Record<string, unknown> = {}) => ({
  departmentId,
  customerId: '1',
  pickupDate: DATE,
  pickup,
  delivery,
  measurements: [
    { weight: 2, length: 30, width: 20, height: 15, quantity: 2, presetDimension: 'smallbox' },
    { weight: 400, length: 120, width: 80, height: 120, presetDimension: 'fullpallet' },
  ],
  ...over,
});

export interface BookingSystem {
  sys: TestSystem;
  oslo: string;
  bergen: string;
  /** A department without a location. */
  lonely: string;
}

/** A system with three departments, customer 1 and the default number series. */
export async function startBookingSystem(): Promise<BookingSystem> {
  const sys = await startTestSystem();
  const dep = (name: string, location: { lat: number; lng: number } | null) =>
    createDepartment(sys, name, location);
  const oslo = await dep('Oslo', { lat: 59.91, lng: 10.75 });
  const bergen = await dep('Bergen', { lat: 60.39, lng: 5.32 });
  const lonely = await dep('Tromsø', null);
  // The orders' customer (`order` books for customer 1): a booking names a customer that exists.
  const customer = await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek' });
  expect(customer.body.ids).toEqual(['1']);
  await configureNumberSeries(sys);
  await sys.settled();
  return { sys, oslo, bergen, lonely };
}
