import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addressCountries, excludedVasCodes, orderTypes, rejectionReasons } from './catalogues.js';
import { rejectOrdersSchema } from './commands.js';
import {
  createOrderSchema,
  orderTextLimits,
  timingIssues,
  updateOrderSchema,
  editedOrderSchema,
  type OrderFormInput,
} from './order.js';
import { isValidZipCodeFor, issueKey, validationKeys, validationMessages } from './validation.js';

const block = {
  name: 'Nordlys Apotek',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO' as const,
};
const base = (over: Partial<OrderFormInput> = {}): OrderFormInput => ({
  departmentId: '1',
  customerId: '2',
  pickupDate: '2026-11-23',
  pickup: block,
  delivery: { ...block, name: 'Kari Nordmann' },
  measurements: [{ weight: 2 }],
  ...over,
});
/** The issues of a parse as `path → key`. */
const issues = (input: unknown): Record<string, string> => {
  const r = createOrderSchema.safeParse(input);
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the order schema (contracts, shared by the form and CREATE_ORDER)', () => {
  it('S3-ENT-001 S3-ENT-002 S3-ENT-003 S3-ENT-004 S3-ENT-005 S3-ENT-006 S3-ENT-007 S3-ENT-010 S3-ENT-011 every field of the order form is kept', () => {
    const full: OrderFormInput = base({
      emailId: 'mail-77',
      eventNotifications: { created: true, collected: false, delivered: true },
      customerRef: 'PO-4411',
      recipientRef: 'R-9',
      subcustomer: '01',
      customerInfo: 'Key account',
      customerContact: 'Ola',
      orderNote: 'Fragile',
      pickup: {
        ...block,
        lat: 59.91,
        lng: 10.75,
        phone: '+47 22 33 44 55',
        secondPhone: '004622334455',
        email: 'a@b.no',
        contactPerson: 'Per',
        instructions: 'Gate 2',
        pupUnitId: 'PUP-1',
        resolvedBy: 'FRONTEND',
      },
      serviceId: 'EXPRESS',
      pickupTimeEarliest: '08:00',
      pickupTimeLatest: '10:00',
      deliveryTimeEarliest: '11:00',
      deliveryTimeLatest: '15:00',
      manualInvoiceInfo: 'Invoice monthly',
      invoiceInfo: 'Cost centre 12',
      correctedArticlePrices: [{ articleCode: 'A1', customerPrice: 100 }],
      invoiceSplit: 'SPLIT-1',
      standaloneInvoice: true,
      allowIncompletePrice: true,
      hasZeroPriceApproval: true,
      needsZeroPriceApproval: true,
      muteBomArticles: true,
      calculatedArticlePrices: [{ articleCode: 'A2', customerPrice: 50, resourcePrice: 30 }],
      preplannedUnitId: 'U1',
      preplannedTemplateSlotId: 'T1',
      selectedDepartmentId: '1',
      groupId: 'G1',
      groupName: 'Tuesday run',
      groupOrder: 2,
      paidTogether: true,
      fixedOrder: true,
      vehicleType: 'van',
      measurements: [
        {
          weight: 400,
          length: 120,
          width: 80,
          height: 120,
          presetDimension: 'fullpallet',
          specificationDescription: 'Printer paper',
          loadingMeters: 0.4,
          palletFootPrints: 1,
          quantity: 2,
          packageTypeCode: 'PLT',
        },
      ],
      additionalServices: [{ vasCode: '1091', quantity: 1, pureVas: false }],
      adrGoods: [
        {
          regulationCode: 'ADR',
          hazardIdentifier: 'UN1203',
          hazardClass: '3',
          packingGroup: 'II',
          technicalName: 'Petrol',
          hazardPoints: 60,
          netWeightKg: 20,
          restrictions: '(D/E)',
        },
      ],
    });
    const parsed = createOrderSchema.parse(full);
    expect(parsed).toMatchObject({
      ...full,
      pickup: { ...full.pickup, phone: '+4722334455', secondPhone: '+4622334455' },
      adrGoods: [{ ...full.adrGoods![0], hazardIdentifier: '1203' }],
      deliveryDate: '2026-11-23',
      deliveryEndDate: '2026-11-23',
    });
  });

  it('S3-ENT-008 S9-CONST-014 a measurement line has quantity 1 unless told', () => {
    expect(createOrderSchema.parse(base()).measurements[0]!.quantity).toBe(1);
  });

  it('S5-VAL-013 S5-VAL-017 a bad zip code is refused on that field with a message naming the rule', () => {
    expect(issues(base({ delivery: { ...block, zipCode: '12' } }))).toEqual({
      'delivery.zipCode': 'validation.zipCodeNO',
    });
    expect(issues(base({ delivery: { ...block, countryCode: 'DE', zipCode: '12' } }))).toEqual({
      'delivery.zipCode': 'validation.zipCode',
    });
    const se = createOrderSchema.parse(
      base({ delivery: { ...block, countryCode: 'SE', zipCode: '11122' } }),
    );
    expect(se.delivery.zipCode).toBe('111 22');
  });

  it('S5-VAL-001 S5-VAL-004 a number field that is empty or not numeric is "not a valid number"; a decimal comma is fine', () => {
    expect(issues(base({ measurements: [{ weight: '' }] }))).toEqual({
      'measurements.0.weight': 'validation.number',
    });
    expect(issues(base({ measurements: [{ weight: 'abc' }] }))).toEqual({
      'measurements.0.weight': 'validation.number',
    });
    expect(issues(base({ measurements: [{ weight: 2147483648 }] }))).toEqual({
      'measurements.0.weight': 'validation.number',
    });
    expect(
      createOrderSchema.parse(base({ measurements: [{ weight: '1,5' }] })).measurements[0]!.weight,
    ).toBe(1.5);
  });

  it('S5-VAL-008 a quantity must be a positive integer', () => {
    for (const quantity of [0, -1, 1.5])
      expect(issues(base({ measurements: [{ weight: 1, quantity }] }))).toEqual({
        'measurements.0.quantity': 'validation.positiveInteger',
      });
  });

  it('S5-VAL-007 a reference with more than 10 digits is refused', () => {
    expect(issues(base({ customerRef: '1234567890' }))).toEqual({});
    expect(issues(base({ customerRef: '12345678901' }))).toEqual({
      customerRef: 'validation.referenceDigits',
    });
  });

  it('S5-VAL-009 S5-VAL-010 S5-VAL-012 e-mail and phone in the blocks; +47 added; a bare prefix is empty', () => {
    expect(issues(base({ delivery: { ...block, email: 'a@b' } }))).toEqual({
      'delivery.email': 'validation.email',
    });
    expect(issues(base({ delivery: { ...block, phone: '22+33' } }))).toEqual({
      'delivery.phone': 'validation.phone',
    });
    const parsed = createOrderSchema.parse(
      base({ delivery: { ...block, phone: '22334455', secondPhone: '+46' } }),
    );
    expect(parsed.delivery.phone).toBe('+4722334455');
    expect(parsed.delivery.secondPhone).toBe('');
  });

  it('S5-VAL-038 an empty pickup block (only a phone prefix) is allowed; a half-filled one needs its fields', () => {
    expect(issues(base({ pickup: { phone: '+47', countryCode: 'SE' } }))).toEqual({});
    expect(issues(base({ pickup: { name: 'Lager' } }))).toEqual({
      'pickup.address': 'validation.required',
      'pickup.zipCode': 'validation.required',
    });
    expect(issues(base({ delivery: {} }))).toEqual({
      'delivery.name': 'validation.required',
      'delivery.address': 'validation.required',
      'delivery.zipCode': 'validation.required',
    });
  });

  it('S5-VAL-038 a pickup booked empty (the department, filled in by the server) stays valid on every edit', () => {
    const departmentPickup = {
      name: 'Oslo terminal',
      countryCode: 'NO',
      lat: 59.91,
      lng: 10.75,
      resolvedBy: 'DEPARTMENT_LOCATION',
    } as const;
    expect(issues(base({ pickup: departmentPickup }))).toEqual({});
    // A street typed over it makes it an address of its own again, with all its fields.
    expect(issues(base({ pickup: { ...departmentPickup, address: 'Storgata 1' } }))).toEqual({
      'pickup.zipCode': 'validation.required',
    });
  });

  it('S5-VAL-020 S5-VAL-021 S5-VAL-022 dates and times in their formats', () => {
    expect(issues(base({ pickupDate: '22.11.2026' }))).toEqual({ pickupDate: 'validation.date' });
    expect(issues(base({ pickupDate: '2026-13-45' }))).toEqual({ pickupDate: 'validation.date' });
    expect(issues(base({ pickupTimeEarliest: '24:00' }))).toEqual({
      pickupTimeEarliest: 'validation.time',
    });
  });

  it('S5-VAL-025 S5-VAL-026 the delivery end: bumped a day for an overnight window, refused when not after the start', () => {
    const night = createOrderSchema.parse(
      base({ deliveryTimeEarliest: '22:00', deliveryTimeLatest: '02:00' }),
    );
    expect(night.deliveryEndDate).toBe('2026-11-24');
    expect(issues(base({ deliveryTimeEarliest: '10:00', deliveryTimeLatest: '10:00' }))).toEqual({
      deliveryTimeLatest: 'validation.deliveryEnd',
    });
    expect(issues(base({ deliveryTimeEarliest: '09:00', deliveryTimeLatest: '10:00' }))).toEqual(
      {},
    );
    expect(issues(base({ pickupTimeEarliest: '10:00', pickupTimeLatest: '09:00' }))).toEqual({
      pickupTimeLatest: 'validation.timeWindow',
    });
    expect(issues(base({ deliveryDate: '2026-11-22' }))).toEqual({
      deliveryDate: 'validation.deliveryBeforePickup',
    });
  });

  it('S5-VAL-024 the pickup must lie ahead: yesterday refused, tomorrow accepted, today until the latest time', () => {
    const now = new Date('2026-11-22T12:00:00Z'); // 13:00 in Oslo
    const tz = 'Europe/Oslo';
    expect(timingIssues({ pickupDate: '2026-11-21' }, now, tz)).toEqual([
      { path: ['pickupDate'], message: 'validation.future' },
    ]);
    expect(timingIssues({ pickupDate: '2026-11-23' }, now, tz)).toEqual([]);
    expect(timingIssues({ pickupDate: '2026-11-22' }, now, tz)).toEqual([]);
    expect(timingIssues({ pickupDate: '2026-11-22', pickupTimeLatest: '12:00' }, now, tz)).toEqual([
      { path: ['pickupTimeLatest'], message: 'validation.future' },
    ]);
    expect(timingIssues({ pickupDate: '2026-11-22', pickupTimeLatest: '14:00' }, now, tz)).toEqual(
      [],
    );
  });

  it('S5-VAL-033 mixed zero and non-zero dimensions are refused on the zero ones', () => {
    expect(
      issues(base({ measurements: [{ weight: 1, length: 10, width: 0, height: 10 }] })),
    ).toEqual({
      'measurements.0.width': 'validation.dimensions',
    });
  });

  it('S9-CONST-017 the excluded VAS codes are never accepted', () => {
    for (const vasCode of excludedVasCodes)
      expect(issues(base({ additionalServices: [{ vasCode }] }))).toEqual({
        'additionalServices.0.vasCode': 'validation.excludedVas',
      });
    expect(issues(base({ additionalServices: [{ vasCode: 'wat pu' }] }))).toEqual({
      'additionalServices.0.vasCode': 'validation.excludedVas',
    });
  });

  it('S9-CONST-019 S9-CONST-015 order types and the address country list', () => {
    expect(orderTypes).toEqual(['Delivery', 'Return', 'PickupPoint']);
    expect(addressCountries).toHaveLength(41);
    expect(new Set(addressCountries).size).toBe(41);
    expect(issues(base({ type: 'Express' as never }))).toEqual({ type: 'validation.choice' });
  });

  it('UPDATE_ORDER names the order and any fields of the form but the department; the edited order meets every rule', () => {
    const { departmentId: _d, ...rest } = base();
    expect(updateOrderSchema.safeParse({ ...rest, orderId: '9' }).success).toBe(true);
    expect(updateOrderSchema.safeParse({ orderId: '9', orderNote: 'x' }).data).toEqual({
      orderId: '9',
      orderNote: 'x',
    });
    expect(updateOrderSchema.safeParse({ ...rest }).success).toBe(false);
    expect(editedOrderSchema.safeParse(rest).success).toBe(true);
    expect(editedOrderSchema.safeParse({ ...rest, measurements: [] }).success).toBe(false);
  });

  it('S7-CMD-004 REJECT_ORDERS takes a reason from the list; OTHER needs the other reason', () => {
    expect(rejectionReasons).toContain('OTHER');
    expect(rejectOrdersSchema.safeParse({ orderIds: ['1'], reason: 'NO_CAPACITY' }).success).toBe(
      true,
    );
    expect(rejectOrdersSchema.safeParse({ orderIds: ['1'], reason: 'because' }).success).toBe(
      false,
    );
    const other = rejectOrdersSchema.safeParse({ orderIds: ['1'], reason: 'OTHER' });
    expect(
      other.success ? [] : other.error.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([['otherReason', 'validation.required']]);
    expect(
      rejectOrdersSchema.safeParse({ orderIds: ['1'], reason: 'OTHER', otherReason: 'Road closed' })
        .success,
    ).toBe(true);
  });

  it('every message the schema reports is a validation key', () => {
    const junk = {
      departmentId: 'x',
      pickup: 5,
      delivery: { zipCode: 4 },
      measurements: [{ weight: {} }],
    };
    const r = createOrderSchema.safeParse(junk);
    expect(r.success).toBe(false);
  });
});

describe('the order schema (properties)', () => {
  const zip = fc.oneof(fc.stringMatching(/^\d{3,6}$/), fc.stringMatching(/^[A-Z0-9 ]{2,9}$/));
  const country = fc.constantFrom(...addressCountries);

  it('S5-VAL-013 S5-VAL-014 S5-VAL-015 S5-VAL-016 the schema accepts a delivery zip code exactly when the country rule does', () => {
    fc.assert(
      fc.property(country, zip, (countryCode, zipCode) => {
        const r = createOrderSchema.safeParse(
          base({ delivery: { ...block, countryCode, zipCode } }),
        );
        expect(r.success).toBe(zipCode.trim() !== '' && isValidZipCodeFor(countryCode, zipCode));
      }),
    );
  });

  it('S5-VAL-003 a weight is accepted exactly when it is a number within 0..2147483647', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string()), (weight) => {
        const r = createOrderSchema.safeParse(base({ measurements: [{ weight }] }));
        const n = typeof weight === 'string' ? Number.NaN : weight;
        const numericText =
          typeof weight === 'string' && /^\s*[+-]?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(weight);
        const value = numericText ? Number(weight.trim().replace(',', '.')) : n;
        expect(r.success).toBe(Number.isFinite(value) && value >= 0 && value <= 2147483647);
      }),
    );
  });

  it('parsing is idempotent: the stored order parses to itself', () => {
    const line = fc.record({
      weight: fc.double({ min: 0, max: 1000, noNaN: true }),
      quantity: fc.integer({ min: 1, max: 5 }),
      dims: fc.constantFrom([0, 0, 0], [10, 20, 30], [120, 80, 100]),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.stringMatching(/^[1-9]\d{7}$/),
        fc.constantFrom('NO', 'SE', 'DK', 'FI'),
        (lines, phone, countryCode) => {
          const zipCode = { NO: '0155', SE: '11122', DK: '2100', FI: '00100' }[countryCode];
          const once = createOrderSchema.parse(
            base({
              delivery: { ...block, countryCode, zipCode, phone },
              measurements: lines.map((l) => ({
                weight: l.weight,
                quantity: l.quantity,
                length: l.dims[0],
                width: l.dims[1],
                height: l.dims[2],
              })),
            }),
          );
          expect(createOrderSchema.parse(once)).toEqual(once);
        },
      ),
    );
  });

  it('S8-ERR-020 any value in any form field gives validation keys only (the web app translates them all)', () => {
    const fields = [
      ['delivery', 'zipCode'],
      ['delivery', 'phone'],
      ['pickup', 'email'],
      ['pickup', 'lat'],
      ['measurements', 0, 'weight'],
      ['measurements', 0, 'quantity'],
      ['measurements', 0, 'presetDimension'],
      ['pickupDate'],
      ['deliveryTimeLatest'],
      ['customerRef'],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.anything(), (path, value) => {
        const input = structuredClone(base()) as Record<string, unknown>;
        let at = input as Record<string | number, unknown>;
        for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
        at[path.at(-1)!] = value;
        const r = createOrderSchema.safeParse(input);
        if (!r.success)
          for (const issue of r.error.issues) {
            expect(validationKeys as string[]).toContain(issue.message);
            expect(issueKey(issue)).toBe(issue.message);
          }
      }),
    );
  });
});

describe('messages that say what is wrong (issue 13)', () => {
  it('S5-VAL-013 S5-VAL-014 a zip code of the wrong form names the country’s own format; the rule itself is unchanged', () => {
    const zip = (countryCode: 'NO' | 'SE' | 'DK' | 'FI', zipCode: string) =>
      issues(base({ delivery: { ...block, countryCode, zipCode } }))['delivery.zipCode'];
    expect(zip('NO', '123')).toBe('validation.zipCodeNO');
    expect(zip('NO', '0150')).toBeUndefined();
    expect(zip('SE', '1234')).toBe('validation.zipCodeSE');
    expect(zip('SE', '123 45')).toBeUndefined();
    expect(zip('SE', '12345')).toBeUndefined();
    expect(zip('DK', '12345')).toBe('validation.zipCodeDK');
    expect(zip('DK', '2100')).toBeUndefined();
    expect(zip('FI', '0010')).toBe('validation.zipCodeFI');
    expect(zip('FI', '00100')).toBeUndefined();
    expect(validationMessages['validation.zipCodeNO']).toBe(
      'postal code must be 4 digits in Norway',
    );
  });

  it('a negative weight, size, volume or count says it must be 0 or more (not "not a valid number"); a quantity above 0', () => {
    for (const field of ['weight', 'length', 'volume', 'loadingMeters', 'palletFootPrints'])
      expect(
        issues(
          base({
            measurements: [
              {
                weight: 1,
                length: 10,
                width: 10,
                height: 10,
                [field]: field === 'weight' ? -5 : '-1,5',
              },
            ],
          }),
        ),
      ).toEqual({ [`measurements.0.${field}`]: 'validation.notNegative' });
    expect(issues(base({ measurements: [{ weight: 'abc' }] }))).toEqual({
      'measurements.0.weight': 'validation.number',
    });
    expect(issues(base({ measurements: [{ weight: 2, quantity: -5 }] }))).toEqual({
      'measurements.0.quantity': 'validation.positiveInteger',
    });
    expect(validationMessages['validation.notNegative']).toBe('must be 0 or more (not negative)');
  });

  it('S5-VAL-010 a phone number needs the digits of its country: +47 12 is refused with the Norwegian rule', () => {
    const phone = (value: string) =>
      issues(base({ delivery: { ...block, phone: value } }))['delivery.phone'];
    expect(phone('+47 12')).toBe('validation.phoneNO');
    expect(phone('12')).toBe('validation.phoneNO');
    expect(phone('+46 12')).toBe('validation.phoneSE');
    expect(phone('+45 1234567')).toBe('validation.phoneDK');
    expect(phone('+358 1234')).toBe('validation.phoneFI');
    expect(phone('+49 123')).toBe('validation.phone');
    expect(phone('22+33')).toBe('validation.phone');
    for (const ok of ['+47 22 33 44 55', '+46 70-123 45 67', '0046 070 123 45 67', '+4512345678'])
      expect({ ok, issue: phone(ok) }).toEqual({ ok, issue: undefined });
    expect(
      createOrderSchema.parse(base({ delivery: { ...block, phone: '+46 070-123 45 67' } })).delivery
        .phone,
    ).toBe('+46701234567');
  });

  it('notes and other free text have a maximum length on the server, the numbers the form caps its inputs at', () => {
    expect(orderTextLimits.orderNote).toBe(2000);
    expect(issues(base({ orderNote: 'x'.repeat(orderTextLimits.orderNote) }))).toEqual({});
    expect(issues(base({ orderNote: 'x'.repeat(20_000) }))).toEqual({
      orderNote: 'validation.tooLong',
    });
    expect(
      issues(
        base({
          delivery: { ...block, instructions: 'x'.repeat(orderTextLimits.instructions + 1) },
        }),
      ),
    ).toEqual({ 'delivery.instructions': 'validation.tooLong' });
  });
});
