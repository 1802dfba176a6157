import { Datagrid, List, ReferenceField, SearchInput, TextField } from 'react-admin';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';
import { DepartmentInput } from '../common/DepartmentInput';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <DepartmentInput key="d" mode="filter" />,
];

export function CustomerList() {
  const rowClick = useRowClick('UPDATE_CUSTOMER');
  const bulkDelete = useBulkDelete('DELETE_CUSTOMER');
  return (
    <Titled page="customers">
      <List
        filters={filters}
        actions={<ListActions create="CREATE_CUSTOMER" filters />}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="id" />
          <TextField source="name" />
          <TextField source="alystraId" />
          <TextField source="alystraSubcustomer" />
          <ReferenceField source="departmentId" reference="admin/departments" link={false}>
            <TextField source="name" />
          </ReferenceField>
        </Datagrid>
      </List>
    </Titled>
  );
}
