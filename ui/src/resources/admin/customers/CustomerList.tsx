import {
  Datagrid,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { ListActions, Titled, useRowClick } from '../common/pages';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="d" source="departmentId" reference="admin/departments">
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

export function CustomerList() {
  const rowClick = useRowClick('UPDATE_CUSTOMER');
  return (
    <Titled page="customers">
      <List
        filters={filters}
        actions={<ListActions create="CREATE_CUSTOMER" filters />}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
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
