import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { format, isValid, parse, parseISO } from 'date-fns';
import { useLocale } from 'react-admin';
import { dateFormats, normalizeLocale } from '../i18n/locales';
import { DatePickers } from './DateInput';

/** What a plain (not react-admin) date or time field takes: the value as the API writes it. */
export interface PickerFieldProps {
  label: string;
  /** `yyyy-MM-dd` for a date, `HH:mm` for a time; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
  minWidth?: number;
}

const field = (props: PickerFieldProps) => ({
  textField: {
    name: props.name,
    onBlur: props.onBlur,
    error: props.error,
    helperText: props.helperText,
    size: 'small' as const,
    fullWidth: props.fullWidth,
    sx: props.minWidth ? { minWidth: props.minWidth } : undefined,
  },
});

/**
 * A date typed or picked in the user's format (spec §9: English day first, issue 13), whatever the
 * browser's own language: a native date input would show the browser's format instead.
 */
export function PlainDatePicker(props: PickerFieldProps) {
  const locale = normalizeLocale(useLocale());
  const date = props.value ? parseISO(props.value) : null;
  return (
    <DatePickers>
      <DatePicker
        label={props.label}
        value={date && isValid(date) ? date : null}
        format={dateFormats[locale]}
        onChange={(d) => props.onChange(d && isValid(d) ? format(d, 'yyyy-MM-dd') : '')}
        slotProps={field(props)}
      />
    </DatePickers>
  );
}

/** A time of day on the 24-hour clock in every language (`HH:mm`). */
export function PlainTimePicker(props: PickerFieldProps) {
  const time = props.value ? parse(props.value, 'HH:mm', new Date(2000, 0, 1)) : null;
  return (
    <DatePickers>
      <TimePicker
        label={props.label}
        value={time && isValid(time) ? time : null}
        format="HH:mm"
        ampm={false}
        onChange={(d) => props.onChange(d && isValid(d) ? format(d, 'HH:mm') : '')}
        slotProps={field(props)}
      />
    </DatePickers>
  );
}
