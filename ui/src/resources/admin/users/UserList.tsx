import { roles } from '@nordlog/contracts';
import { BooleanField, Datagrid, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { EnumField, enumChoices } from '../common/fields';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={enumChoices('role', roles)} />,
];

export function UserList() {
  const bulkDelete = useBulkDelete('DELETE_USER');
  const rowClick = useRowClick('UPDATE_USER');
  return (
    <Titled page="users">
      <List
        filters={filters}
        actions={<ListActions create="CREATE_USER" filters />}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="id" />
          <TextField source="name" />
          <TextField source="phoneNumber" />
          <TextField source="email" />
          <EnumField source="role" name="role" />
          <BooleanField source="requiresPwd" />
        </Datagrid>
      </List>
    </Titled>
  );
}
