import { createRoleSchema, updateRoleSchema } from '@nordlog/contracts';
import { TextInput, required } from 'react-admin';
import { AccessFlagsInput } from '../common/AccessFlagsInput';
import { CreatePage, EditPage } from '../common/pages';

const RoleInputs = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="description" multiline fullWidth maxRows={6} />
    <AccessFlagsInput resource="admin/user-roles" />
  </>
);

export const RoleCreate = () => (
  <CreatePage page="roles" schema={createRoleSchema} defaults={{ access: [], description: '' }}>
    <RoleInputs />
  </CreatePage>
);

export const RoleEdit = () => (
  <EditPage page="roles" schema={updateRoleSchema} deleteCommand="DELETE_ROLE">
    <RoleInputs />
  </EditPage>
);
