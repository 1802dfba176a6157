import { holidayTypes, marketCountries } from '@nordlog/contracts';
import { Datagrid, DeleteButton, List, SelectInput } from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { EnumField, LocaleDateField, enumChoices } from '../common/fields';
import { ListActions, Titled, useBulkDelete } from '../common/pages';

const filters = [
  <SelectInput
    key="country"
    source="country"
    choices={enumChoices('country', marketCountries)}
    alwaysOn
  />,
  <SelectInput key="type" source="type" choices={enumChoices('holidayType', holidayTypes)} />,
];

export function HolidayList() {
  const bulkDelete = useBulkDelete('DELETE_HOLIDAY');
  const mayRun = useMayRun();
  return (
    <Titled page="holidays">
      <List
        filters={filters}
        actions={<ListActions create="CREATE_HOLIDAY" filters />}
        sort={{ field: 'date', order: 'ASC' }}
        perPage={50}
      >
        <Datagrid bulkActionButtons={bulkDelete}>
          <LocaleDateField source="date" />
          <EnumField source="country" name="country" />
          <EnumField source="type" name="holidayType" />
          {mayRun('DELETE_HOLIDAY') ? <DeleteButton mutationMode="pessimistic" /> : null}
        </Datagrid>
      </List>
    </Titled>
  );
}
