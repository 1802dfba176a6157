import { createCustomerGroupSchema, updateCustomerGroupSchema } from '@nordlog/contracts';
import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, required } from 'react-admin';
import { BY_NAME } from '../common/fields';
import { CreatePage, EditPage } from '../common/pages';

const CustomerGroupInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    {/* Searched on the server as typed (the autocomplete's `q`). */}
    <ReferenceArrayInput source="customerIds" reference="admin/customers" sort={BY_NAME}>
      <AutocompleteArrayInput optionText="name" />
    </ReferenceArrayInput>
  </>
);

export const CustomerGroupCreate = () => (
  <CreatePage
    page="customerGroups"
    schema={createCustomerGroupSchema}
    defaults={{ customerIds: [] }}
  >
    <CustomerGroupInputs />
  </CreatePage>
);

export const CustomerGroupEdit = () => (
  <EditPage
    page="customerGroups"
    schema={updateCustomerGroupSchema}
    deleteCommand="DELETE_CUSTOMER_GROUP"
  >
    <CustomerGroupInputs />
  </EditPage>
);
