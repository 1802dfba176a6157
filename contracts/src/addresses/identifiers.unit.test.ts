import { describe, expect, it } from '@jest/globals';
import {
  isBankgiro,
  isIban,
  isNorwegianAccount,
  normaliseBankAccount,
  normaliseOrgNumber,
} from './identifiers.js';
import { postalAddressSchema } from './postalAddress.js';
import { sellerProblems } from '../departments/seller.js';

// Numbers of real registered companies and published bank examples, so the checks are the
// registers' own, not a mirror of the code.
describe('organisation numbers per country', () => {
  it('accepts the registers own numbers and writes them as the country does', () => {
    expect(normaliseOrgNumber('NO', '974 760 673')).toBe('974760673');
    expect(normaliseOrgNumber('SE', '5560360793')).toBe('556036-0793');
    expect(normaliseOrgNumber('DK', '10150817')).toBe('10150817');
    expect(normaliseOrgNumber('FI', '0112038-9')).toBe('0112038-9');
  });
  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(normaliseOrgNumber('NO', '974760674')).toBeNull();
    expect(normaliseOrgNumber('NO', '97476067')).toBeNull();
    expect(normaliseOrgNumber('SE', '5560360794')).toBeNull();
    expect(normaliseOrgNumber('DK', '10150818')).toBeNull();
    expect(normaliseOrgNumber('FI', '0112038-8')).toBeNull();
    expect(normaliseOrgNumber('NO', '97476067A')).toBeNull();
  });
  it('refuses a number of another country', () => {
    expect(normaliseOrgNumber('NO', '556036-0793')).toBeNull();
    expect(normaliseOrgNumber('DK', '974760673')).toBeNull();
  });
});

describe('bank accounts', () => {
  it('IBANs: the published examples pass, a changed digit fails, lengths are per country', () => {
    expect(isIban('NO93 8601 1117 947')).toBe(true);
    expect(isIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isIban('NO93 8601 1117 948')).toBe(false);
    expect(isIban('NO9386011117')).toBe(false);
  });
  it('a Norwegian account is 11 digits with a mod-11 check digit', () => {
    expect(isNorwegianAccount('8601 11 17947')).toBe(true);
    expect(isNorwegianAccount('8601 11 17948')).toBe(false);
    expect(normaliseBankAccount('NO', '86011117947')).toBe('8601 11 17947');
    expect(normaliseBankAccount('FI', '86011117947')).toBeNull();
  });
  it('a Swedish bankgiro is 7 or 8 digits with a Luhn check digit', () => {
    expect(isBankgiro('5050-1055')).toBe(true);
    expect(isBankgiro('5050-1056')).toBe(false);
    expect(normaliseBankAccount('SE', '50501055')).toBe('5050-1055');
  });
});

describe('postal addresses', () => {
  const address = { street: 'Tollbugata 17', town: 'Oslo' };
  it('a postal code has the digits of its country (NO/DK 4, SE/FI 5)', () => {
    const ok = (country: string, postalCode: string) =>
      postalAddressSchema.safeParse({ ...address, country, postalCode }).success;
    expect([ok('NO', '0152'), ok('DK', '1620'), ok('SE', '111 20'), ok('FI', '00100')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([ok('NO', '01520'), ok('DK', '162'), ok('SE', '1112'), ok('FI', '0010A')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
  it('keeps the digits and names the country rule', () => {
    const parsed = postalAddressSchema.parse({ ...address, country: 'SE', postalCode: '111 20' });
    expect(parsed.postalCode).toBe('11120');
    const refused = postalAddressSchema.safeParse({
      ...address,
      country: 'NO',
      postalCode: '11120',
    });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['postalCode'],
      message: 'validation.zipCodeNO',
    });
  });
});

describe('seller fields of a department', () => {
  it('names each field that does not fit the country', () => {
    expect(
      sellerProblems({
        country: 'DK',
        orgNumber: '974760673',
        bankAccount: '86011117947',
        fikCreditorNumber: '1234',
      }),
    ).toEqual([
      { path: 'orgNumber', message: 'validation.orgNumberDK' },
      { path: 'bankAccount', message: 'validation.iban' },
      { path: 'fikCreditorNumber', message: 'validation.fikCreditor' },
    ]);
    expect(sellerProblems({ country: 'NO', vatRegistered: true })).toEqual([
      { path: 'orgNumber', message: 'validation.vatNeedsOrgNumber' },
    ]);
    expect(
      sellerProblems({
        country: 'DK',
        orgNumber: '10150817',
        vatRegistered: true,
        bankAccount: 'DK50 0040 0440 1162 43',
        fikCreditorNumber: '81234567',
      }),
    ).toEqual([]);
  });
});
