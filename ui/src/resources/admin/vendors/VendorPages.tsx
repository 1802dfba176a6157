import { createVendorSchema, marketCountries, updateVendorSchema } from '@nordlog/contracts';
import {
  ArrayInput,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { DepartmentInput } from '../common/DepartmentInput';
import { EnumField, ReferenceName, enumChoices } from '../common/fields';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';
import { SiteLocationInput } from './SiteLocationInput';
import { SiteUnits } from './SiteUnits';

type Row = { sites: { code: string }[]; units: Record<string, string[]> };

/** The vendors (hauliers) of the departments (docs/decisions/0091). */
export function VendorList() {
  const bulkDelete = useBulkDelete('DELETE_VENDOR');
  const rowClick = useRowClick('UPDATE_VENDOR');
  const translate = useTranslate();
  return (
    <Titled page="vendors">
      <List
        filters={[
          <SearchInput key="q" source="q" alwaysOn />,
          <DepartmentInput key="departmentId" mode="filter" alwaysOn />,
        ]}
        actions={<ListActions create="CREATE_VENDOR" />}
        sort={{ field: 'name', order: 'ASC' }}
        empty={false}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="name" />
          <ReferenceName source="departmentId" reference="admin/departments" sortable={false} />
          <EnumField source="country" name="country" />
          <TextField source="orgNumber" />
          <FunctionField
            source="sites"
            sortable={false}
            render={(r: Row) =>
              translate('vendors.sitesSummary', {
                sites: r.sites.length,
                units: Object.values(r.units).flat().length,
              })
            }
          />
        </Datagrid>
      </List>
    </Titled>
  );
}

/** A vendor's company fields and its sites (its department is chosen when it is created). */
function VendorFields() {
  const translate = useTranslate();
  return (
    <>
      <p>{translate('vendors.help')}</p>
      <TextInput source="name" validate={required()} sx={{ minWidth: 320 }} />
      <SelectInput
        source="country"
        choices={enumChoices('country', marketCountries)}
        validate={required()}
      />
      <TextInput
        source="orgNumber"
        validate={required()}
        helperText={translate('vendors.orgNumberHelp')}
        sx={{ minWidth: 320 }}
      />
      <TextInput source="email" type="email" sx={{ minWidth: 320 }} />
      <TextInput source="phone" sx={{ minWidth: 320 }} />
      <ArrayInput source="sites">
        <SimpleFormIterator disableReordering>
          <TextInput
            source="code"
            validate={required()}
            helperText={translate('vendors.codeHelp')}
          />
          <TextInput source="name" validate={required()} sx={{ minWidth: 280 }} />
          <SiteLocationInput source="location" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export const VendorCreate = () => (
  <CreatePage
    page="vendors"
    schema={createVendorSchema}
    defaults={{ country: 'NO', email: '', phone: '', sites: [] }}
  >
    <DepartmentInput mode="required" />
    <VendorFields />
  </CreatePage>
);

export const VendorEdit = () => (
  <EditPage page="vendors" schema={updateVendorSchema} deleteCommand="DELETE_VENDOR">
    <VendorFields />
    <SiteUnits />
  </EditPage>
);
