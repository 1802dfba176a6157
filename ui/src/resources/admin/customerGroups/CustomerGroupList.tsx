import {
  ChipField,
  Datagrid,
  List,
  ReferenceArrayField,
  SearchInput,
  SingleFieldList,
  TextField,
} from 'react-admin';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';

export function CustomerGroupList() {
  const bulkDelete = useBulkDelete('DELETE_CUSTOMER_GROUP');
  const rowClick = useRowClick('UPDATE_CUSTOMER_GROUP');
  return (
    <Titled page="customerGroups">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions create="CREATE_CUSTOMER_GROUP" />}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="id" />
          <TextField source="name" />
          <ReferenceArrayField source="customerIds" reference="admin/customers" sortable={false}>
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </Datagrid>
      </List>
    </Titled>
  );
}
