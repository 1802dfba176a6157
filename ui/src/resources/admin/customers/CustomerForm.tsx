import { createCustomerSchema, invoiceSplits, updateCustomerSchema } from '@nordlog/contracts';
import { Box } from '@mui/material';
import {
  BooleanInput,
  DateInput,
  NumberInput,
  SelectInput,
  TextInput,
  required,
} from 'react-admin';
import { AddressInputs, withCustomerRules, withOptionalAddress } from '../common/AddressInputs';
import { enumChoices } from '../common/fields';
import { CreatePage, EditPage } from '../common/pages';
import { WebhookSection } from './WebhookSection';
import { ApiKeys } from './ApiKeys';
import { DepartmentInput } from '../common/DepartmentInput';

/** The customer's addresses: its own, where its returns go and where they wait between legs. */
const customerAddresses = ['address', 'returnAddress', 'terminalAddress'];

/** An emptied date is none (null), as the command takes it. */
const noDate = (v: string | null) => (v ? v : null);

const CustomerInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <DepartmentInput mode="optional" />
    <TextInput source="alystraId" />
    <TextInput source="alystraSubcustomer" />
    <TextInput source="orgNumber" />
    <TextInput source="customerCode" />
    {/* How the customer's orders are split into invoices (docs/decisions/0032). */}
    <SelectInput source="invoiceSplit" choices={enumChoices('invoiceSplit', invoiceSplits)} />
    {/* Printed on its invoices and as the sender on its labels (issue 36). */}
    <AddressInputs />
    {/* Where its returns go, and whether they are driven there from the terminal (0057). */}
    <AddressInputs source="returnAddress" />
    <BooleanInput source="returnLastLeg" />
    <AddressInputs source="terminalAddress" />
    {/* Its settings (spec §7 customer updates; docs/decisions/0071). */}
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      <TextInput source="senderName" sx={{ minWidth: 280 }} />
      <TextInput source="billingNumber" />
      <DateInput source="hdInvoicingFromDate" parse={noDate} />
      {/* The tracking page asks its recipients the net promoter question from it (0083). */}
      <DateInput source="npsFromDate" parse={noDate} />
    </Box>
    {/* A label of its own scanned at its stop adds a package (0071 addendum). */}
    <BooleanInput source="scanToCreatePackages" />
    {/* Empty: the department's (docs/decisions/0050-personal-data.md). */}
    <NumberInput
      source="personalDataRetentionDays"
      min={30}
      max={3650}
      step={1}
      sx={{ minWidth: 240 }}
    />
  </>
);

export const CustomerCreate = () => (
  <CreatePage
    page="customers"
    schema={withOptionalAddress(createCustomerSchema, customerAddresses)}
    defaults={{
      departmentId: null,
      invoiceSplit: 'NONE',
      address: null,
      returnAddress: null,
      returnLastLeg: true,
      terminalAddress: null,
      hdInvoicingFromDate: null,
      npsFromDate: null,
      scanToCreatePackages: false,
    }}
  >
    <CustomerInputs />
  </CreatePage>
);

export const CustomerEdit = () => (
  <>
    <EditPage
      page="customers"
      schema={withOptionalAddress(withCustomerRules(updateCustomerSchema), customerAddresses)}
      deleteCommand="DELETE_CUSTOMER"
    >
      <CustomerInputs />
    </EditPage>
    {/* Its webhooks (docs/decisions/0070-webhooks.md). */}
    <WebhookSection />
    {/* Its API keys (docs/decisions/0069): their own commands, beside the form's save. */}
    <ApiKeys />
  </>
);
