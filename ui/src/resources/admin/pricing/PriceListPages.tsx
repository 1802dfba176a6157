import { createPriceListSchema, currencies, updatePriceListSchema } from '@nordlog/contracts';
import {
  AutocompleteInput,
  ArrayInput,
  Datagrid,
  DateInput,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import {
  BY_NAME,
  LocaleDateField,
  ReferenceName,
  nullableSelect,
  plainChoices,
} from '../common/fields';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';
import { DepartmentInput } from '../common/DepartmentInput';

/**
 * Money is kept in minor units (øre, öre, cent); the form shows and takes major units with two
 * decimals (docs/decisions/0030-prices.md).
 */
export const moneyFormat = (minor: unknown) =>
  typeof minor === 'number' ? minor / 100 : minor === null || minor === undefined ? '' : minor;
export const moneyParse = (major: unknown) =>
  major === '' || major === null || major === undefined ? null : Math.round(Number(major) * 100);

/** Price lists of customers, customer groups and departments. */
export function PriceListList() {
  const bulkDelete = useBulkDelete('DELETE_PRICE_LIST');
  const rowClick = useRowClick('UPDATE_PRICE_LIST');
  return (
    <Titled page="priceLists">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions create="CREATE_PRICE_LIST" />}
        sort={{ field: 'validFrom', order: 'DESC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="name" />
          <ReferenceName source="customerId" reference="admin/customers" sortable={false} />
          <ReferenceName
            source="customerGroupId"
            reference="admin/customerGroups"
            sortable={false}
          />
          <ReferenceName source="departmentId" reference="admin/departments" sortable={false} />
          <TextField source="currency" />
          <LocaleDateField source="validFrom" />
          <LocaleDateField source="validTo" />
        </Datagrid>
      </List>
    </Titled>
  );
}

/** A list's period, zones and prices (its owner is chosen when it is made). */
const Prices = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <SelectInput source="currency" choices={plainChoices(currencies)} validate={required()} />
    <DateInput source="validFrom" validate={required()} />
    <DateInput source="validTo" parse={(v: string) => (v === '' ? null : v)} />
    <ArrayInput source="zones">
      <SimpleFormIterator inline>
        <TextInput source="code" validate={required()} />
        <SelectInput
          source="country"
          choices={plainChoices(['NO', 'SE', 'DK', 'FI'])}
          validate={required()}
        />
        <TextInput source="fromZip" validate={required()} />
        <TextInput source="toZip" validate={required()} />
      </SimpleFormIterator>
    </ArrayInput>
    <ArrayInput source="lines">
      <SimpleFormIterator inline>
        {/* A line names its article by code (contracts restResources.articles.keys). */}
        <ReferenceInput
          source="articleCode"
          reference="admin/articles"
          queryOptions={{ meta: { key: 'code' } }}
          perPage={1000}
          sort={{ field: 'code', order: 'ASC' }}
        >
          <SelectInput optionText="label" validate={required()} />
        </ReferenceInput>
        <TextInput source="zone" parse={(v: string) => (v === '' ? null : v)} />
        <NumberInput source="from" min={0} />
        <SelectInput source="per" choices={plainChoices(['ORDER', 'UNIT'])} />
        <NumberInput
          source="customerPrice"
          format={moneyFormat}
          parse={moneyParse}
          step={0.01}
          validate={required()}
        />
        <NumberInput source="resourcePrice" format={moneyFormat} parse={moneyParse} step={0.01} />
      </SimpleFormIterator>
    </ArrayInput>
  </>
);

export const PriceListCreate = () => (
  <CreatePage
    page="priceLists"
    schema={createPriceListSchema}
    defaults={{
      customerId: null,
      customerGroupId: null,
      departmentId: null,
      currency: 'NOK',
      validTo: null,
      zones: [],
      lines: [],
    }}
  >
    <DepartmentInput mode="optional" />
    {/* Searched on the server as typed: a company has more customers than a list shows. */}
    <ReferenceInput source="customerId" reference="admin/customers" sort={BY_NAME}>
      <AutocompleteInput optionText="name" {...nullableSelect} />
    </ReferenceInput>
    <ReferenceInput
      source="customerGroupId"
      reference="admin/customerGroups"
      perPage={1000}
      sort={BY_NAME}
    >
      <SelectInput optionText="name" {...nullableSelect} />
    </ReferenceInput>
    <Prices />
  </CreatePage>
);

export const PriceListEdit = () => (
  <EditPage page="priceLists" schema={updatePriceListSchema} deleteCommand="DELETE_PRICE_LIST">
    <Prices />
  </EditPage>
);
