import TextField from '@mui/material/TextField';
import { lazy, memo, Suspense } from 'react';
import type { PickerFieldProps } from './pickers';

/** The pickers (MUI X) are a chunk of their own: only screens with a date or time load it. */
const DatePickerField = lazy(() =>
  import('./pickers').then((m) => ({ default: m.PlainDatePicker })),
);
const TimePickerField = lazy(() =>
  import('./pickers').then((m) => ({ default: m.PlainTimePicker })),
);

/** While the chunk loads: the same field, empty and disabled, so nothing moves. */
const Placeholder = (props: PickerFieldProps) => (
  <TextField
    size="small"
    label={props.label}
    disabled
    fullWidth={props.fullWidth}
    helperText={props.helperText}
    sx={props.minWidth ? { minWidth: props.minWidth } : undefined}
  />
);

/**
 * Drawn again only when its own props change: a picker field's every render puts the text
 * selection back into the page (MUI X), which was a good part of a busy page's renders.
 */
export const DateField = memo(function DateField(props: PickerFieldProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <DatePickerField {...props} />
    </Suspense>
  );
});

export const TimeField = memo(function TimeField(props: PickerFieldProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <TimePickerField {...props} />
    </Suspense>
  );
});
