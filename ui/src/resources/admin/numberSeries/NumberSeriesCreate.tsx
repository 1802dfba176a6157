import { createNumberSeriesSchema, numberSeriesTypes } from '@nordlog/contracts';
import { NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { emptyAsNull, plainChoices } from '../common/fields';
import { CreatePage } from '../common/pages';
import { DepartmentInput } from '../common/DepartmentInput';

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
    <DepartmentInput mode="optional" />
  </CreatePage>
);
