import { createCustomerGroupSchema, updateCustomerGroupSchema } from '@nordlog/contracts';
import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, required } from 'react-admin';
import { CreatePage, EditPage } from '../common/pages';

const CustomerGroupInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <ReferenceArrayInput source="customerIds" reference="admin/customers">
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
