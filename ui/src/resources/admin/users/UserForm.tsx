import { createUserSchema, roles, updateUserSchema } from '@nordlog/contracts';
import {
  AutocompleteInput,
  AutocompleteArrayInput,
  BooleanInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
} from 'react-admin';
import { useDepartmentOptions } from '../../../layout/useDepartments';
import { AccessFlagsInput } from '../common/AccessFlagsInput';
import { BY_NAME, emptyAsNull, enumChoices, nullableSelect } from '../common/fields';
import { CreatePage, EditPage } from '../common/pages';

function DepartmentAccessInput() {
  const { data = [] } = useDepartmentOptions();
  return (
    <AutocompleteArrayInput
      source="departmentIds"
      choices={data.map((d) => ({ id: d.id, name: d.group ? `${d.name} (${d.id})` : d.name }))}
    />
  );
}

const UserInputs = ({ create = false }: { create?: boolean }) => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="phoneNumber" validate={required()} />
    <TextInput source="email" type="email" parse={emptyAsNull} />
    <SelectInput source="role" choices={enumChoices('role', roles)} validate={required()} />
    <DepartmentAccessInput />
    {/* Searched on the server as typed: a company has more customers than a list shows. */}
    <ReferenceInput source="customerId" reference="admin/customers" sort={BY_NAME}>
      <AutocompleteInput optionText="name" {...nullableSelect} />
    </ReferenceInput>
    <BooleanInput source="requiresEmail" />
    <BooleanInput source="requiresPwd" />
    <AccessFlagsInput resource="admin/users" followRole={create} />
  </>
);

export const UserCreate = () => (
  <CreatePage
    page="users"
    schema={createUserSchema}
    defaults={{
      departmentIds: [],
      requiresEmail: false,
      requiresPwd: false,
      email: null,
      customerId: null,
    }}
  >
    <UserInputs create />
  </CreatePage>
);

export const UserEdit = () => (
  <EditPage page="users" schema={updateUserSchema} deleteCommand="DELETE_USER">
    <UserInputs />
  </EditPage>
);
