import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isValid, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import {
  FieldTitle,
  useInput,
  useLocale,
  useResourceContext,
  useTranslate,
  type InputProps,
} from 'react-admin';
import { dateFormats, normalizeLocale } from '../i18n/locales';
import { pickerLocale } from './dateLocales';

/** The date pickers' locale follows the user's language: its names, its format, Monday first. */
export function DatePickers({ children }: { children: ReactNode }) {
  const locale = normalizeLocale(useLocale());
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pickerLocale(locale)}>
      {children}
    </LocalizationProvider>
  );
}

/** The date of an ISO 8601 text in the record (a date or an instant); empty or invalid is null. */
export const toDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' || value === '') return null;
  const d = parseISO(value);
  return isValid(d) ? d : null;
};

/** A calendar date (`yyyy-MM-dd` in the record) typed or picked in the user's format (spec §9). */
export default function LocaleDateInput(props: InputProps) {
  return (
    <DatePickers>
      <DateInputField {...props} />
    </DatePickers>
  );
}

function DateInputField(props: InputProps) {
  const locale = normalizeLocale(useLocale());
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const { field, fieldState, isRequired } = useInput(props);
  const error = fieldState.error?.message;
  return (
    <DatePicker
      value={toDate(field.value)}
      format={dateFormats[locale]}
      onChange={(d) => field.onChange(d && isValid(d) ? format(d, 'yyyy-MM-dd') : null)}
      label={
        <FieldTitle
          label={props.label}
          source={props.source}
          resource={resource}
          isRequired={isRequired}
        />
      }
      slotProps={{
        textField: {
          name: field.name,
          onBlur: field.onBlur,
          error: Boolean(error),
          helperText: error ? translate(error, { _: error }) : ' ',
          size: 'small',
          sx: { minWidth: 220 },
        },
      }}
    />
  );
}
