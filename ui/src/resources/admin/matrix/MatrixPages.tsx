import {
  MAX_MATRIX_LEAD_DAYS,
  createMatrixEntrySchema,
  openingWeekdays,
  updateMatrixEntrySchema,
  type Weekday,
} from '@nordlog/contracts';
import {
  AutocompleteArrayInput,
  CheckboxGroupInput,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  SearchInput,
  TextField,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { ReferenceName } from '../common/fields';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';
import { DepartmentInput } from '../common/DepartmentInput';

/** The weekdays of an entry in the user's language ("every day" for none). */
function DaysField(_: { source: string; label?: string }) {
  const translate = useTranslate();
  return (
    <FunctionField
      source="deliveryWeekdays"
      render={(r: { deliveryWeekdays: Weekday[] }) =>
        r.deliveryWeekdays.length === 0
          ? translate('matrix.everyDay')
          : r.deliveryWeekdays
              .map((d) => translate(`timeWindows.weekday.${d}`).slice(0, 3))
              .join(', ')
      }
    />
  );
}

/** The department matrix's entries, per department (docs/decisions/0079). */
export function MatrixList() {
  const bulkDelete = useBulkDelete('DELETE_MATRIX_ENTRY');
  const rowClick = useRowClick('UPDATE_MATRIX_ENTRY');
  return (
    <Titled page="departmentMatrix">
      <List
        filters={[
          <DepartmentInput key="departmentId" mode="filter" alwaysOn />,
          <SearchInput key="q" source="q" alwaysOn />,
        ]}
        actions={<ListActions create="CREATE_MATRIX_ENTRY" />}
        sort={{ field: 'postalCodeFrom', order: 'ASC' }}
        perPage={50}
        empty={false}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="name" />
          <ReferenceName source="departmentId" reference="admin/departments" sortable={false} />
          <TextField source="postalCodeFrom" />
          <TextField source="postalCodeTo" />
          <FunctionField
            source="serviceCodes"
            sortable={false}
            render={(r: { serviceCodes: string[] }) => r.serviceCodes.join(', ')}
          />
          <TextField source="leadTimeDays" />
          <DaysField source="deliveryWeekdays" />
        </Datagrid>
      </List>
    </Titled>
  );
}

/** An entry's range, services, lead time and days (its department is chosen when it is made). */
function EntryFields() {
  const translate = useTranslate();
  return (
    <>
      <p>{translate('matrix.help')}</p>
      <TextInput source="name" validate={required()} />
      <TextInput source="postalCodeFrom" validate={required()} sx={{ minWidth: 280 }} />
      <TextInput source="postalCodeTo" validate={required()} sx={{ minWidth: 280 }} />
      {/* Services are transport articles of the catalogue, named by code. */}
      <ReferenceArrayInput
        source="serviceCodes"
        reference="admin/articles"
        filter={{ kind: 'FREIGHT' }}
        perPage={1000}
        sort={{ field: 'code', order: 'ASC' }}
        queryOptions={{ meta: { key: 'code' } }}
      >
        <AutocompleteArrayInput
          optionText={(a: { code: string; label: string }) => `${a.code} – ${a.label}`}
          validate={required()}
          sx={{ minWidth: 320 }}
        />
      </ReferenceArrayInput>
      <NumberInput
        source="leadTimeDays"
        min={0}
        max={MAX_MATRIX_LEAD_DAYS}
        step={1}
        sx={{ minWidth: 320 }}
      />
      <CheckboxGroupInput
        source="deliveryWeekdays"
        choices={openingWeekdays.map((d) => ({
          id: d,
          name: translate(`timeWindows.weekday.${d}`),
        }))}
      />
    </>
  );
}

export const MatrixCreate = () => (
  <CreatePage
    page="departmentMatrix"
    schema={createMatrixEntrySchema}
    defaults={{ serviceCodes: [], leadTimeDays: 1, deliveryWeekdays: [] }}
  >
    <DepartmentInput mode="required" />
    <EntryFields />
  </CreatePage>
);

export const MatrixEdit = () => (
  <EditPage
    page="departmentMatrix"
    schema={updateMatrixEntrySchema}
    deleteCommand="DELETE_MATRIX_ENTRY"
  >
    <EntryFields />
  </EditPage>
);
