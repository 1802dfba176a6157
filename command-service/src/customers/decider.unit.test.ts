import { describe, it } from '@jest/globals';
import type { CreateCustomer, CustomerEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { customerDecider } from './decider.js';

const fields: CreateCustomer = {
  name: 'Fjordkraft AS',
  departmentId: '1',
  alystraId: '10001',
  alystraSubcustomer: '02',
  orgNumber: '912345602',
  customerCode: 'FJ',
  personalDataRetentionDays: null,
  accountingTags: ['retail'],
  otherIdentifiers: { edi: 'X1' },
  invoiceSplit: 'NONE',
  address: { street: 'Karl Johans gate 5', postalCode: '0154', town: 'Oslo', country: 'NO' },
  returnAddress: null,
  returnLastLeg: true,
  senderName: 'Fjordkraft',
  hdInvoicingFromDate: '2026-01-01',
  billingNumber: 'FK-1',
  terminalAddress: null,
  scanToCreatePackages: false,
  npsFromDate: null,
};
const createdEvent: CustomerEvent = { type: 'CustomerCreated', data: { id: '9', ...fields } };

describe('customers', () => {
  it('S3-ENT-050 creates a customer with every identifier of spec §3', () => {
    given(customerDecider).when({ type: 'create', id: '9', fields }).then([createdEvent]);
  });
  it('refuses a customer id that exists (ALREADY_EXISTS)', () => {
    given(customerDecider, [createdEvent])
      .when({ type: 'create', id: '9', fields })
      .thenRefuses('ALREADY_EXISTS');
  });
  it('S3-ENT-050 updates identifiers, emitting only the changes', () => {
    given(customerDecider, [createdEvent])
      .when({
        type: 'update',
        id: '9',
        fields: { orgNumber: '999999999', accountingTags: ['retail'] },
      })
      .then([{ type: 'CustomerUpdated', data: { id: '9', changes: { orgNumber: '999999999' } } }]);
  });
  it('does nothing when nothing changes, refuses an unknown customer', () => {
    given(customerDecider, [createdEvent])
      .when({ type: 'update', id: '9', fields: { name: 'Fjordkraft AS' } })
      .thenNothing();
    given(customerDecider)
      .when({ type: 'update', id: '9', fields: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
  });
  it('issue 36: refuses an organisation number its address’s country does not have, on create and as updated', () => {
    given(customerDecider)
      .when({ type: 'create', id: '9', fields: { ...fields, orgNumber: '912345678' } })
      .thenRefuses('VALIDATION_ERROR');
    // A valid Danish CVR number is no Norwegian customer's number.
    given(customerDecider, [createdEvent])
      .when({ type: 'update', id: '9', fields: { orgNumber: '12345674' } })
      .thenRefuses('VALIDATION_ERROR');
  });
  it('issue 36: without an address, a number valid in one of the four countries is accepted, any other refused', () => {
    const noAddress = { ...fields, address: null };
    given(customerDecider)
      .when({ type: 'create', id: '9', fields: { ...noAddress, orgNumber: '12345674' } })
      .then([{ type: 'CustomerCreated', data: { id: '9', ...noAddress, orgNumber: '12345674' } }]);
    given(customerDecider)
      .when({ type: 'create', id: '9', fields: { ...noAddress, orgNumber: '123' } })
      .thenRefuses('VALIDATION_ERROR');
  });
});
