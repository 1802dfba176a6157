import { describe, expect, it } from '@jest/globals';
import { createVendorSchema } from './index.js';

const vendor = (fields: Record<string, unknown>) => ({
  departmentId: '1',
  name: 'Fjord Transport',
  country: 'NO',
  orgNumber: '923609016',
  ...fields,
});
/** The refused fields and their message keys. */
const refused = (fields: Record<string, unknown>) => {
  const result = createVendorSchema.safeParse(vendor(fields));
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

/** A vendor's organisation number by its country, and its site codes (docs/decisions/0091). */
describe('vendor fields', () => {
  it.each([
    ['NO', '923609016'],
    ['NO', '923 609 016'],
    ['SE', '556036-0793'],
    ['SE', '5560125790'],
    ['DK', '10150817'],
    ['FI', '0112038-9'],
  ])('%s %s is a valid organisation number', (country, orgNumber) => {
    expect(refused({ country, orgNumber })).toEqual({});
  });

  it.each([
    ['NO', '923609017', 'validation.orgNumberNO'],
    ['SE', '556036-0794', 'validation.orgNumberSE'],
    ['DK', '923609016', 'validation.orgNumberDK'],
    ['FI', '0112038-8', 'validation.orgNumberFI'],
  ])('%s %s is refused by its country', (country, orgNumber, key) => {
    expect(refused({ country, orgNumber })).toEqual({ orgNumber: key });
  });

  it('a number of another shape is refused as such too', () => {
    expect(refused({ orgNumber: '2030-01-02' })).toEqual({ orgNumber: 'validation.orgNumber' });
    expect(createVendorSchema.safeParse(vendor({ orgNumber: 'NO923609016MVA' })).success).toBe(
      false,
    );
  });

  it('site codes are unique within the vendor, without case', () => {
    const sites = [
      { code: 'OSL1', name: 'Alnabru' },
      { code: 'osl1', name: 'Berger' },
      { code: 'BGO', name: 'Kokstad' },
    ];
    expect(refused({ sites })).toEqual({ 'sites.1.code': 'validation.duplicateSiteCode' });
  });
});
