import { createHolidaySchema, holidayTypes, marketCountries } from '@nordlog/contracts';
import { SelectInput, required } from 'react-admin';
import { LocaleDateInput } from '../../../inputs/LocaleDateInput';
import { enumChoices } from '../common/fields';
import { CreatePage } from '../common/pages';

export const HolidayCreate = () => (
  <CreatePage page="holidays" schema={createHolidaySchema} defaults={{ type: 'PUBLIC_HOLIDAY' }}>
    <SelectInput
      source="country"
      choices={enumChoices('country', marketCountries)}
      validate={required()}
    />
    <SelectInput
      source="type"
      choices={enumChoices('holidayType', holidayTypes)}
      validate={required()}
    />
    <LocaleDateInput source="date" validate={required()} />
  </CreatePage>
);
