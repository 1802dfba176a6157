import {
  createDepartmentSchema,
  departmentTypes,
  marketCountries,
  updateDepartmentSchema,
} from '@nordlog/contracts';
import { BooleanInput, NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { AddressInputs, withOptionalAddress, withSellerRules } from '../common/AddressInputs';
import { enumChoices } from '../common/fields';
import { CreatePage, EditPage } from '../common/pages';

const DepartmentInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <SelectInput
      source="departmentType"
      choices={enumChoices('departmentType', departmentTypes)}
      validate={required()}
    />
    <SelectInput
      source="country"
      choices={enumChoices('country', marketCountries)}
      validate={required()}
    />
    <TextInput source="alystraId" />
    <TextInput source="npsId" />
    {/* The seller on the department's invoices (issue 36, docs/decisions/0038-documents.md). */}
    <AddressInputs />
    <TextInput source="orgNumber" />
    <BooleanInput source="vatRegistered" />
    <TextInput source="bankAccount" sx={{ minWidth: 280 }} />
    <TextInput source="fikCreditorNumber" />
    {/* Empty: the country's default (docs/decisions/0050-personal-data.md). */}
    <NumberInput
      source="personalDataRetentionDays"
      min={30}
      max={3650}
      step={1}
      sx={{ minWidth: 240 }}
    />
    {/* Empty: a week; how far ahead recurring orders are booked (docs/decisions/0058). */}
    <NumberInput source="planningHorizonDays" min={1} max={60} step={1} sx={{ minWidth: 240 }} />
  </>
);

export const DepartmentCreate = () => (
  <CreatePage
    page="departments"
    schema={withOptionalAddress(createDepartmentSchema)}
    defaults={{
      alystraId: '',
      emailAddresses: [],
      address: null,
      orgNumber: '',
      vatRegistered: false,
      bankAccount: '',
      fikCreditorNumber: '',
    }}
  >
    <DepartmentInputs />
  </CreatePage>
);

export const DepartmentEdit = () => (
  <EditPage
    page="departments"
    schema={withOptionalAddress(withSellerRules(updateDepartmentSchema))}
  >
    <TextInput source="id" disabled />
    <DepartmentInputs />
  </EditPage>
);
