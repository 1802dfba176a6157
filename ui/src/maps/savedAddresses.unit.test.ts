import { describe, expect, it } from '@jest/globals';
import type { AddressResult, AddressRow } from '@nordlog/contracts';
import {
  SAVED_OFFERED,
  optionKey,
  optionLabel,
  savedLabel,
  savedPhrase,
  searchOptions,
} from './savedAddresses';

const saved = (id: number): AddressRow => ({
  id: String(id),
  departmentId: '1',
  customerId: '3',
  usage: 'BOTH',
  pickupPoint: false,
  code: '',
  block: {
    name: `Apotek ${id}`,
    address: 'Storgata 1',
    zipCode: '0155',
    zipArea: 'Oslo',
    countryCode: 'NO',
    lat: null,
    lng: null,
    phone: '',
    secondPhone: '',
    email: '',
    contactPerson: '',
    instructions: '',
    pupUnitId: '',
  },
  revision: 1,
  updatedAtEpoch: 1,
  deleted: false,
});

const found = (label: string, placed: boolean): AddressResult =>
  ({
    label,
    streetname: label,
    zipCode: '0155',
    zipArea: 'Oslo',
    countryCode: 'NO',
    latLng: placed ? { lat: 59.9, lng: 10.7 } : null,
    precision: 'address',
  }) as AddressResult;

describe('the address search’s saved addresses', () => {
  it('come before the gazetteer’s suggestions, at most SAVED_OFFERED of them', () => {
    const rows = Array.from({ length: SAVED_OFFERED + 2 }, (_, i) => saved(i + 1));
    const options = searchOptions(rows, [found('Storgata 1', true)], false);
    expect(options.map((o) => o.kind)).toEqual([
      ...Array<string>(SAVED_OFFERED).fill('saved'),
      'found',
    ]);
    expect(optionLabel(options[0]!)).toBe('Apotek 1, Storgata 1, 0155 Oslo');
    expect(optionKey(options[0]!)).toBe('saved|1');
  });

  it('keep the gazetteer’s rule that a place must have a point when asked, saved ones whatever', () => {
    const options = searchOptions([saved(1)], [found('A', false), found('B', true)], true);
    expect(options.map(optionLabel)).toEqual(['Apotek 1, Storgata 1, 0155 Oslo', 'B']);
  });

  it('are looked for by the words typed for the gazetteer, commas and all', () => {
    expect(savedPhrase(' Storgata 1, 0155 ')).toBe('Storgata 1  0155');
    expect(savedPhrase('Lager;Oslo')).toBe('Lager Oslo');
  });

  it('leave out the empty parts of a saved address’s line', () => {
    expect(savedLabel({ ...saved(1).block, name: '', zipCode: '' })).toBe('Storgata 1, Oslo');
  });
});
