import { departmentTypes, marketCountries } from '@nordlog/contracts';
import { Datagrid, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { EnumField, enumChoices } from '../common/fields';
import { ListActions, Titled, useRowClick } from '../common/pages';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="country" source="country" choices={enumChoices('country', marketCountries)} />,
  <SelectInput
    key="type"
    source="departmentType"
    choices={enumChoices('departmentType', departmentTypes)}
  />,
];

export const DepartmentList = () => {
  const rowClick = useRowClick('UPDATE_DEPARTMENT');
  return (
    <Titled page="departments">
      <List
        filters={filters}
        actions={<ListActions create="CREATE_DEPARTMENT" filters />}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="name" />
          <EnumField source="departmentType" name="departmentType" />
          <EnumField source="country" name="country" />
          <TextField source="alystraId" />
        </Datagrid>
      </List>
    </Titled>
  );
};
