import { Datagrid, DeleteButton, List, TextField } from 'react-admin';
import { ReferenceName } from '../common/fields';
import { useMayRun } from '../../../access/useMayRun';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';

export function NumberSeriesList() {
  const bulkDelete = useBulkDelete('DELETE_NUMBER_SERIES');
  const mayRun = useMayRun();
  const rowClick = useRowClick('UPDATE_NUMBER_SERIES');
  return (
    <Titled page="numberSeries">
      <List
        actions={<ListActions create="CREATE_NUMBER_SERIES" />}
        sort={{ field: 'id', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="id" />
          <TextField source="name" />
          <TextField source="type" />
          <TextField source="companyPrefix" />
          <TextField source="extensionDigit" />
          <TextField source="firstSerial" />
          <TextField source="lastSerial" />
          <TextField source="nextValue" sortable={false} />
          <TextField source="remaining" sortable={false} />
          <ReferenceName source="departmentId" reference="admin/departments" sortable={false} />
          {mayRun('DELETE_NUMBER_SERIES') ? <DeleteButton mutationMode="pessimistic" /> : null}
        </Datagrid>
      </List>
    </Titled>
  );
}
