import {
  createDepartmentSchema,
  departmentTypes,
  marketCountries,
  updateDepartmentSchema,
} from '@nordlog/contracts';
import { SelectInput, TextInput, required } from 'react-admin';
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
  </>
);

export const DepartmentCreate = () => (
  <CreatePage
    page="departments"
    schema={createDepartmentSchema}
    defaults={{ alystraId: '', emailAddresses: [] }}
  >
    <DepartmentInputs />
  </CreatePage>
);

export const DepartmentEdit = () => (
  <EditPage page="departments" schema={updateDepartmentSchema}>
    <TextInput source="id" disabled />
    <DepartmentInputs />
  </EditPage>
);
