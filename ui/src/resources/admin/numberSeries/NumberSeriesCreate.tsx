import { createNumberSeriesSchema, numberSeriesTypes } from '@nordlog/contracts';
import { NumberInput, ReferenceInput, SelectInput, TextInput, required } from 'react-admin';
import { emptyAsNull, nullableSelect, plainChoices } from '../common/fields';
import { CreatePage } from '../common/pages';

export const NumberSeriesCreate = () => (
  <CreatePage
    page="numberSeries"
    schema={createNumberSeriesSchema}
    defaults={{ name: '', extensionDigit: null, departmentId: null, customerId: null }}
  >
    <TextInput source="name" />
    <SelectInput source="type" choices={plainChoices(numberSeriesTypes)} validate={required()} />
    <TextInput source="companyPrefix" validate={required()} />
    <TextInput source="extensionDigit" parse={emptyAsNull} />
    <NumberInput source="firstSerial" validate={required()} min={0} />
    <NumberInput source="lastSerial" validate={required()} min={0} />
    <ReferenceInput source="departmentId" reference="admin/departments">
      <SelectInput optionText="name" {...nullableSelect} />
    </ReferenceInput>
  </CreatePage>
);
