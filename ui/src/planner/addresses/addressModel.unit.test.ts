import { describe, expect, it } from '@jest/globals';
import { createAddressSchema, type AddressRow } from '@nordlog/contracts';
import {
  addressFileName,
  addressFormOf,
  addressResolver,
  addressesParams,
  createAddressInput,
  emptyAddressForm,
  isPlaced,
  postalLine,
  updateAddressInput,
  uploadProblems,
  type AddressFormValues,
} from './addressModel';

const row: AddressRow = {
  id: '7',
  departmentId: '1',
  customerId: '3',
  usage: 'DELIVERY',
  pickupPoint: false,
  code: 'K-17',
  block: {
    name: 'Kari Nordmann',
    address: 'Bogstadveien 10',
    zipCode: '0355',
    zipArea: 'Oslo',
    countryCode: 'NO',
    lat: 59.93,
    lng: 10.72,
    phone: '+4791234567',
    secondPhone: '',
    email: 'kari@example.no',
    contactPerson: '',
    instructions: 'Ring på',
    pupUnitId: '',
    precision: 'address',
  },
  revision: 2,
  updatedAtEpoch: 1,
  deleted: false,
};

const filled = (): AddressFormValues => ({
  ...emptyAddressForm('1', 'NO'),
  customerId: '3',
  block: {
    ...emptyAddressForm('1', 'NO').block,
    name: 'Apotek',
    address: 'Storgata 1',
    zipCode: '0155',
    zipArea: 'Oslo',
  },
});

const resolve = (id: string | null, values: AddressFormValues) =>
  addressResolver(id)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the address book model', () => {
  it('asks for the screen’s departments narrowed by the filters, a phrase only when typed', () => {
    expect(addressesParams(['1', '2'], { search: '  ', customerId: '', usage: '' })).toEqual({
      departmentIds: ['1', '2'],
      limit: 500,
    });
    expect(addressesParams(['1'], { search: ' storg ', customerId: '3', usage: 'PICKUP' })).toEqual(
      {
        departmentIds: ['1'],
        customerIds: ['3'],
        usage: 'PICKUP',
        searchPhrase: 'storg',
        limit: 500,
      },
    );
  });

  it('marks an address without a point as not on the map', () => {
    expect(isPlaced(row.block)).toBe(true);
    expect(isPlaced({ lat: null, lng: null })).toBe(false);
    expect(postalLine(row.block)).toBe('0355 Oslo');
    expect(postalLine({ zipCode: '', zipArea: 'Oslo' })).toBe('Oslo');
  });

  it('a saved address goes through the form and back unchanged', () => {
    const input = updateAddressInput(row.id, addressFormOf(row));
    const parsed = createAddressSchema.parse(input);
    expect(parsed.block).toEqual(row.block);
    expect(input).toMatchObject({ id: '7', customerId: '3', usage: 'DELIVERY', code: 'K-17' });
  });

  it('sends an empty point as none (the server places the address) and a lone phone prefix as no phone', () => {
    const input = createAddressInput({
      ...filled(),
      block: { ...filled().block, phone: '+47' },
    });
    expect(input.block).toMatchObject({ lat: null, lng: null, phone: '' });
    expect(createAddressSchema.parse(input).block.lat).toBeNull();
  });

  it('refuses what the server refuses, by the contracts’ message keys on the form’s fields', async () => {
    const empty = await resolve(null, emptyAddressForm('1', 'NO'));
    const errors = empty.errors as Record<string, { message?: string } & Record<string, unknown>>;
    expect(errors.customerId?.message).toBe('validation.required');
    const block = errors.block as Record<string, { message: string }>;
    expect(block.name?.message).toBe('validation.required');
    expect(block.address?.message).toBe('validation.required');
    expect(block.zipCode?.message).toBe('validation.required');
    const badZip = await resolve('7', {
      ...filled(),
      block: { ...filled().block, zipCode: '12' },
    });
    expect(Object.keys(badZip.errors)).toEqual(['block']);
    expect(await resolve(null, filled())).toMatchObject({ errors: {} });
    expect(await resolve('7', filled())).toMatchObject({ errors: {} });
  });

  it('reads the refused rows of an upload’s 400, in row order, and the count refused', () => {
    const problems = uploadProblems([
      {
        params: {
          refused: 2,
          rows: [
            { row: 5, column: 'Postal code', key: 'validation.zipCode.NO', message: 'bad' },
            { row: 3, column: 'Name', key: 'validation.required', message: 'Required' },
            'noise',
          ],
        },
      },
    ]);
    expect(problems).toEqual({
      refused: 2,
      rows: [
        { row: 3, column: 'Name', key: 'validation.required', message: 'Required' },
        { row: 5, column: 'Postal code', key: 'validation.zipCode.NO', message: 'bad' },
      ],
    });
    expect(uploadProblems([{ params: { key: 'import.empty' } }])).toBeNull();
    expect(uploadProblems([])).toBeNull();
  });

  it('names a downloaded file after the customer number and subcustomer, safely', () => {
    expect(addressFileName('10042', '')).toBe('addresses-10042.xlsx');
    expect(addressFileName('10042', 'Lager 2/B')).toBe('addresses-10042-Lager_2_B.xlsx');
  });
});
