import { createDepartmentGroupSchema, updateDepartmentGroupSchema } from '@nordlog/contracts';
import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, required } from 'react-admin';
import { CreatePage, EditPage } from '../common/pages';

const DepartmentGroupInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <ReferenceArrayInput source="departmentIds" reference="admin/departments" perPage={500}>
      <AutocompleteArrayInput optionText="name" />
    </ReferenceArrayInput>
  </>
);

export const DepartmentGroupCreate = () => (
  <CreatePage
    page="departmentGroups"
    schema={createDepartmentGroupSchema}
    defaults={{ departmentIds: [] }}
  >
    <DepartmentGroupInputs />
  </CreatePage>
);

export const DepartmentGroupEdit = () => (
  <EditPage
    page="departmentGroups"
    schema={updateDepartmentGroupSchema}
    deleteCommand="DELETE_DEPARTMENT_GROUP"
  >
    <DepartmentGroupInputs />
  </EditPage>
);
