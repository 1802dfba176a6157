import { openingWeekdays } from '@nordlog/contracts';
import {
  ArrayInput,
  SelectInput,
  SimpleFormIterator,
  required,
  useInput,
  useResourceContext,
  useTranslate,
  useTranslateLabel,
  type InputProps,
} from 'react-admin';
import { TimeField } from '../../../inputs/LazyPickers';

/** The weekdays, labelled in the user's language. */
export const weekdayChoices = openingWeekdays.map((d) => ({
  id: d,
  name: `timeWindows.weekday.${d}`,
}));

/**
 * A local time of day (`HH:mm`, the app's 24-hour picker); empty is null when `nullable` (a
 * cut-off that is not set), else '' (required: the schema says so).
 */
export function TimeInput(props: InputProps & { nullable?: boolean; minWidth?: number }) {
  const { nullable, minWidth = 130, ...rest } = props;
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext(rest);
  const { field, fieldState, isRequired } = useInput({
    ...rest,
    format: (v: unknown) => (typeof v === 'string' ? v : ''),
    parse: (v: string) => (v === '' && nullable ? null : v),
  });
  const error = fieldState.error?.message;
  const label = translateLabel({ label: rest.label, source: rest.source, resource });
  return (
    <TimeField
      name={field.name}
      label={`${typeof label === 'string' ? label : rest.source}${isRequired ? ' *' : ''}`}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(error)}
      helperText={error ? translate(error, { _: error }) : ' '}
      minWidth={minWidth}
    />
  );
}

/** A list of opening intervals: a weekday, from and to (several a day for a split day). */
export const HoursInput = ({ source }: { source: 'pickupHours' | 'deliveryHours' }) => (
  <ArrayInput source={source}>
    <SimpleFormIterator inline disableReordering>
      <SelectInput source="weekday" choices={weekdayChoices} validate={required()} />
      <TimeInput source="start" />
      <TimeInput source="end" />
    </SimpleFormIterator>
  </ArrayInput>
);
