import { createCustomerSchema, updateCustomerSchema } from '@nordlog/contracts';
import { ReferenceInput, SelectInput, TextInput, required } from 'react-admin';
import { nullableSelect } from '../common/fields';
import { CreatePage, EditPage } from '../common/pages';

const CustomerInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <ReferenceInput source="departmentId" reference="admin/departments" perPage={500}>
      <SelectInput optionText="name" {...nullableSelect} />
    </ReferenceInput>
    <TextInput source="alystraId" />
    <TextInput source="alystraSubcustomer" />
    <TextInput source="orgNumber" />
    <TextInput source="customerCode" />
  </>
);

export const CustomerCreate = () => (
  <CreatePage page="customers" schema={createCustomerSchema} defaults={{ departmentId: null }}>
    <CustomerInputs />
  </CreatePage>
);

export const CustomerEdit = () => (
  <EditPage page="customers" schema={updateCustomerSchema}>
    <CustomerInputs />
  </EditPage>
);
