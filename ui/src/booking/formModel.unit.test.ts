import { describe, expect, it } from '@jest/globals';
import { createOrderSchema, presetById, type BookedOrder } from '@nordlog/contracts';
import { bookingResolver, setFieldError, toInput } from './formInput';
import { emptyBlock, emptyForm, formFromOrder, lineFromPreset, type FormValues } from './formModel';
import { parseBookingPath } from './BookingPage';
import { totals } from './Summary';

const filled = (): FormValues => {
  const v = emptyForm('1', 'NO', '2026-11-23');
  v.customerId = '2';
  v.delivery = {
    ...v.delivery,
    name: 'Kari',
    address: 'Storgata 1',
    zipCode: '0155',
    zipArea: 'Oslo',
  };
  v.measurements = [lineFromPreset(presetById('smallbox')!)];
  return v;
};
const resolve = (values: FormValues, now = new Date('2026-11-22T12:00:00Z')) =>
  bookingResolver({ now: () => now, timeZone: () => 'Europe/Oslo' })(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('the order form model (web app)', () => {
  it('S3-ENT-008 S5-VAL-039 a new form: one package line of quantity 1, phones with the country prefix, an empty pickup', () => {
    const v = emptyForm('1', 'SE', '2026-11-23');
    expect(v.measurements).toHaveLength(1);
    expect(v.measurements[0]!.quantity).toBe('1');
    expect(v.pickup.phone).toBe('+46');
    expect(emptyForm('1', 'FI', 'x').delivery.phone).toBe('+358');
  });

  it('what the form sends is what the shared schema accepts (empty pickup = the department)', () => {
    const parsed = createOrderSchema.parse(toInput(filled()));
    expect(parsed.pickup.phone).toBe('');
    expect(parsed.measurements[0]).toMatchObject({
      presetDimension: 'smallbox',
      weight: 3,
      length: 30,
    });
  });

  it('S5-VAL-004 S5-VAL-017 S5-VAL-024 the resolver reports the schema rules and the clock rule as keys on their fields', async () => {
    const v = filled();
    v.delivery.zipCode = '12';
    v.measurements[0]!.weight = 'abc';
    v.pickupDate = '2026-11-21';
    const result = await resolve(v);
    const errors = result.errors as Record<
      string,
      Record<string, { message?: string } | Record<string, { message?: string }>>
    >;
    expect(errors.delivery!.zipCode).toMatchObject({ message: 'validation.zipCodeNO' });
    expect(errors.pickupDate).toMatchObject({ message: 'validation.future' });
    expect(
      (errors.measurements as unknown as Record<string, Record<string, { message: string }>>)['0']!
        .weight!.message,
    ).toBe('validation.number');
    expect((await resolve(filled())).errors).toEqual({});
  });

  it('S5-VAL-010 S5-VAL-017 the form names what is wrong: a country’s zip format, a country’s phone length, a negative weight', async () => {
    const v = filled();
    v.delivery.zipCode = '123';
    v.delivery.phone = '+47 12';
    v.pickup = { ...v.delivery, countryCode: 'SE', zipCode: '1234', phone: '+46 12' };
    v.measurements[0]!.weight = '-5';
    const errors = (await resolve(v)).errors as unknown as Record<
      string,
      Record<string, { message?: string } | Record<string, { message?: string }>>
    >;
    expect(errors.delivery).toMatchObject({
      zipCode: { message: 'validation.zipCodeNO' },
      phone: { message: 'validation.phoneNO' },
    });
    expect(errors.pickup).toMatchObject({
      zipCode: { message: 'validation.zipCodeSE' },
      phone: { message: 'validation.phoneSE' },
    });
    expect(errors.measurements).toMatchObject({
      0: { weight: { message: 'validation.notNegative' } },
    });
  });

  it('S2-SCREEN-001 modes: a copy drops the package ids and the load carrier and points at its parent; an edit keeps them', () => {
    const order: BookedOrder = {
      ...createOrderSchema.parse(toInput(filled())),
      orderId: '7',
      shipmentId: '70900010000000012',
      loadCarrierId: 'PAL-7',
    };
    order.measurements = [{ ...order.measurements[0]!, packageIds: ['370900010000000017'] }];
    const copy = formFromOrder(order, 'copy', '2026-11-24');
    expect(copy.parentId).toBe('7');
    expect(copy.measurements[0]!.packageIds).toEqual([]);
    expect(copy.pickupDate).toBe('2026-11-24');
    expect(copy.loadCarrierId).toBe('');
    const edit = formFromOrder(order, 'edit', '2026-11-24');
    expect(edit.parentId).toBe('');
    expect(edit.measurements[0]!.packageIds).toEqual(['370900010000000017']);
    expect(edit.pickupDate).toBe('2026-11-23');
    expect(toInput(edit).loadCarrierId).toBe('PAL-7');
    expect(createOrderSchema.safeParse(toInput(edit)).success).toBe(true);
  });

  it('S5-VAL-038 an order booked with an empty pickup opens for editing with the pickup empty, and saves', () => {
    const booked = createOrderSchema.parse(toInput(filled()));
    const order: BookedOrder = {
      ...booked,
      orderId: '8',
      shipmentId: '70900010000000029',
      // What the command service stores for an empty pickup: the department's name and place.
      pickup: {
        ...emptyBlock('NO'),
        name: 'Oslo terminal',
        lat: 59.91,
        lng: 10.75,
        resolvedBy: 'DEPARTMENT_LOCATION',
      } as unknown as BookedOrder['pickup'],
    };
    const edit = formFromOrder(order, 'edit', '2026-11-24');
    expect(edit.pickup).toEqual(emptyBlock('NO'));
    expect(createOrderSchema.safeParse(toInput(edit)).success).toBe(true);
  });

  it('S2-ROUTE-067 S2-ROUTE-068 S2-ROUTE-069 S2-ROUTE-070 S2-ROUTE-071 the booking paths and their modes', () => {
    expect(parseBookingPath('create')).toEqual({ mode: 'create', orderId: null });
    expect(parseBookingPath('edit/12')).toEqual({ mode: 'edit', orderId: '12' });
    expect(parseBookingPath('copy-deleted/3')).toEqual({ mode: 'copy-deleted', orderId: '3' });
    expect(parseBookingPath('restore/x')).toBeNull();
    expect(parseBookingPath('create/4')).toBeNull();
    expect(parseBookingPath('launch/4')).toBeNull();
  });

  it('S5-VAL-034 S5-VAL-036 S5-VAL-037 the summary totals: volume rule, heavy goods, pallets', () => {
    const pallet = lineFromPreset(presetById('fullpallet')!);
    const box = { ...lineFromPreset(presetById('smallbox')!), quantity: '2' };
    expect(totals([pallet, box])).toEqual({
      packages: 3,
      weight: 406,
      volume: 1152 + 18,
      pallets: 1,
      heavy: true,
    });
    expect(totals([box]).heavy).toBe(false);
  });

  it('server field errors land in the nested error object', () => {
    const errors: Record<string, unknown> = {};
    setFieldError(errors, { path: ['measurements', 0, 'weight'], message: 'validation.number' });
    setFieldError(errors, { path: ['measurements', 0, 'weight'], message: 'validation.invalid' });
    expect(errors).toEqual({
      measurements: { 0: { weight: { type: 'validation', message: 'validation.number' } } },
    });
  });
});
