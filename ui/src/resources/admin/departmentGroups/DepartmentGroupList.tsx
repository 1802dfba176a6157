import {
  ChipField,
  Datagrid,
  FunctionField,
  List,
  ReferenceArrayField,
  SearchInput,
  SingleFieldList,
  TextField,
  type RaRecord,
} from 'react-admin';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';

export function DepartmentGroupList() {
  const bulkDelete = useBulkDelete('DELETE_DEPARTMENT_GROUP');
  const rowClick = useRowClick('UPDATE_DEPARTMENT_GROUP');
  return (
    <Titled page="departmentGroups">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions create="CREATE_DEPARTMENT_GROUP" />}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <FunctionField source="id" render={(r: RaRecord) => `group_${r.id}`} />
          <TextField source="name" />
          <ReferenceArrayField
            source="departmentIds"
            reference="admin/departments"
            sortable={false}
          >
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </Datagrid>
      </List>
    </Titled>
  );
}
