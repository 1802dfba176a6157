import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { isValid } from 'date-fns';
import {
  FieldTitle,
  useInput,
  useLocale,
  useResourceContext,
  useTranslate,
  type InputProps,
} from 'react-admin';
import { dateFormats, normalizeLocale } from '../i18n/locales';
import { DatePickers, toDate } from './DateInput';

/**
 * An instant (ISO 8601 with offset in the record, e.g. a content item's publishFrom) typed or
 * picked as the user's date format and a 24-hour time in the browser's time zone (spec §9).
 * Empty is null.
 */
export default function LocaleDateTimeInput(props: InputProps) {
  return (
    <DatePickers>
      <DateTimeField {...props} />
    </DatePickers>
  );
}

function DateTimeField(props: InputProps) {
  const locale = normalizeLocale(useLocale());
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const { field, fieldState, isRequired } = useInput(props);
  const error = fieldState.error?.message;
  return (
    <DateTimePicker
      value={toDate(field.value)}
      format={`${dateFormats[locale]} HH:mm`}
      ampm={false}
      onChange={(d) => field.onChange(d && isValid(d) ? d.toISOString() : null)}
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
          sx: { minWidth: 240 },
        },
        field: { clearable: true },
      }}
    />
  );
}
