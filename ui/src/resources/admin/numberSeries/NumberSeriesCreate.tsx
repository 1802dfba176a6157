import {
  createNumberSeriesSchema,
  numberSeriesEditFormSchema,
  numberSeriesTypes,
} from '@nordlog/contracts';
import { NumberInput, SelectInput, TextField, TextInput, required } from 'react-admin';
import { emptyAsNull, plainChoices } from '../common/fields';
import { CreatePage, EditPage } from '../common/pages';
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

/**
 * Its name and range end (docs/decisions/0099): what names its numbers (type, prefix, extension,
 * start) is shown, not edited; the end not below a number handed out.
 */
export const NumberSeriesEdit = () => (
  <EditPage
    page="numberSeries"
    schema={numberSeriesEditFormSchema}
    deleteCommand="DELETE_NUMBER_SERIES"
  >
    <TextField source="type" />
    <TextField source="companyPrefix" />
    <TextField source="firstSerial" />
    <TextField source="nextValue" />
    <TextInput source="name" />
    <NumberInput source="lastSerial" validate={required()} min={0} />
  </EditPage>
);
