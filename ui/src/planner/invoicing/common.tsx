import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countryCurrency, type InvoicingStatus } from '@nordlog/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { normalizeLocale, timeZoneFor, todayIn, type Locale } from '../../i18n/locales';
import { isGroupId, useDepartmentOptions } from '../../layout/useDepartments';
import { formatMoney } from './invoicingModel';
import { useCustomerSearch, useMaySearchCustomers, type CustomerOption } from './queries';

/** The user's language (dates and amounts). */
export function useLocaleCode(): Locale {
  return normalizeLocale(useLocale());
}

/** An amount in minor units with its currency, in the user's language. */
export function useMoney(): (minor: number, currency: string | null | undefined) => string {
  const locale = useLocaleCode();
  return (minor, currency) => formatMoney(minor, currency, locale);
}

/** A value that follows another one `ms` after it stops changing. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The department an invoicing screen works on. Invoicing is per department (the queries and
 * commands take one): a plain department in the URL is it; a group's screen works on one of the
 * group's departments at a time, the first unless the user picks another (`choose`).
 */
export function useInvoicingDepartment() {
  const { departmentId: param = '' } = useParams();
  const options = useDepartmentOptions();
  const group = isGroupId(param);
  const members = useMemo(
    () => (group ? (options.data?.find((d) => d.id === param)?.members ?? []) : [param]),
    [group, options.data, param],
  );
  const [chosen, setChosen] = useState('');
  const departmentId = members.includes(chosen) ? chosen : (members[0] ?? null);
  const names = useMemo(
    () => new Map((options.data ?? []).filter((d) => !d.group).map((d) => [d.id, d])),
    [options.data],
  );
  const country = (departmentId ? names.get(departmentId)?.country : undefined) ?? null;
  const timeZone = timeZoneFor(country);
  return {
    param,
    group,
    members,
    departmentId,
    choose: setChosen,
    nameOf: (id: string) => names.get(id)?.name ?? id,
    currency: country ? (countryCurrency[country] ?? null) : null,
    timeZone,
    today: todayIn(timeZone),
  };
}

/** For a group's screen: which of its departments the screen works on. */
export function DepartmentChoice({
  department,
}: {
  department: ReturnType<typeof useInvoicingDepartment>;
}) {
  const translate = useTranslate();
  if (!department.group) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('invoicingScreen.department')}
      value={department.departmentId ?? ''}
      onChange={(e) => department.choose(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      {department.members.map((id) => (
        <MenuItem key={id} value={id}>
          {department.nameOf(id)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const statusColor: Record<
  InvoicingStatus,
  'default' | 'info' | 'success' | 'warning' | 'error' | 'secondary'
> = {
  TO_BE_INVOICED: 'info',
  INVOICING_FAILED: 'error',
  CORRECTION_PENDING: 'warning',
  INVOICING_PAUSED: 'warning',
  EXCLUDED_FROM_INVOICING: 'default',
  NOT_READY_FOR_INVOICING: 'default',
  INVOICED_OK: 'success',
  ZERO_PRICE: 'warning',
  AWAITING_ACKNOWLEDGEMENT: 'secondary',
};

/** An order's invoicing status as a small chip: its colour always with its name (UI.md). */
export function InvoicingStatusChip({ status }: { status: InvoicingStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[status]}
      label={translate(`invoicingScreen.status.${status}`)}
      data-testid="invoicing-status"
      data-status={status}
    />
  );
}

const labelOf = (o: CustomerOption) => (o.alystraId ? `${o.name} (${o.alystraId})` : o.name);

/**
 * A customer, looked up by name or number (query `searchCustomers`, 3 characters or more) or
 * typed: `kind` says what the value is, the customer's id or its customer number in Alystra (the
 * invoicing route's `customerAlystraId`). Without access to the customer search the field takes
 * the typed value as it is.
 */
export function CustomerPicker(props: {
  label: string;
  kind: 'id' | 'alystra';
  value: string;
  onChange: (value: string) => void;
  departmentIds: readonly string[];
  error?: boolean;
  helperText?: string;
  required?: boolean;
  minWidth?: number;
  fullWidth?: boolean;
  /** The customer of `value` when the page knows it: shown by its name, not its id or number. */
  known?: CustomerOption | undefined;
}) {
  const translate = useTranslate();
  const maySearch = useMaySearchCustomers();
  const [text, setText] = useState(props.value);
  const [chosen, setChosen] = useState<CustomerOption | null>(null);
  const chosenValue = chosen ? (props.kind === 'id' ? chosen.id : chosen.alystraId) : null;
  // The value set from outside (the URL, a reset) wins over what was typed.
  useEffect(() => {
    if (chosenValue !== null && chosenValue === props.value) return;
    setChosen(null);
    setText(props.value);
    // Only a change of the value itself resets the field (not a new pick of the same value).
  }, [props.value]);
  // A value the page knows the customer of shows by name (after the reset above).
  const { known } = props;
  useEffect(() => {
    if (!known || chosen || (props.kind === 'id' ? known.id : known.alystraId) !== props.value)
      return;
    setChosen(known);
    setText(labelOf(known));
  }, [known, props.value]);
  const typed = useDebounced(text, 300);
  const search = useCustomerSearch(chosen ? '' : typed, props.departmentIds);
  const commit = (value: string) => {
    if (value !== props.value) props.onChange(value);
  };
  return (
    <Autocomplete<CustomerOption, false, false, true>
      freeSolo
      autoSelect
      options={search.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={(o) => (typeof o === 'string' ? o : labelOf(o))}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.id)}
      getOptionDisabled={(o) => props.kind === 'alystra' && o.alystraId === ''}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      value={chosen ?? (props.value || null)}
      inputValue={text}
      onInputChange={(_e, value) => setText(value)}
      onChange={(_e, value) => {
        if (value === null) {
          setChosen(null);
          commit('');
        } else if (typeof value === 'string') {
          if (chosen && value === labelOf(chosen)) return;
          setChosen(null);
          commit(value.trim());
        } else {
          setChosen(value);
          commit(props.kind === 'id' ? value.id : value.alystraId);
        }
      }}
      loading={search.isFetching}
      noOptionsText={translate('invoicingScreen.customerPicker.none')}
      fullWidth={props.fullWidth}
      sx={props.minWidth ? { minWidth: props.minWidth } : undefined}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={props.label}
          required={props.required}
          error={props.error}
          helperText={
            props.helperText ??
            translate(
              maySearch
                ? 'invoicingScreen.customerPicker.hint'
                : props.kind === 'id'
                  ? 'invoicingScreen.customerPicker.typeId'
                  : 'invoicingScreen.customerPicker.typeNumber',
            )
          }
        />
      )}
    />
  );
}

/**
 * The head of an invoicing screen: its title with the department it works on, the department
 * choice of a group's screen, and the screen's own controls and links.
 */
export function InvoicingHeader(props: {
  title: string;
  department: ReturnType<typeof useInvoicingDepartment>;
  children?: ReactNode;
}) {
  const { department } = props;
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {props.title}
        {department.departmentId ? ` · ${department.nameOf(department.departmentId)}` : ''}
      </Typography>
      <DepartmentChoice department={department} />
      {props.children}
    </Stack>
  );
}

/** A dialog's Cancel and its confirming button (both off while the command is under way). */
export function DialogButtons(props: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  label: string;
  testId?: string;
  disabled?: boolean;
  color?: 'secondary' | 'primary';
}) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={props.onCancel} disabled={props.busy}>
        {translate('invoicingScreen.cancel')}
      </Button>
      <Button
        variant="contained"
        color={props.color ?? 'secondary'}
        disabled={props.busy || props.disabled}
        onClick={props.onConfirm}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
    </DialogActions>
  );
}

/** A form's refusal (spec §8 message), announced when it appears. */
export function FailureAlert({ failure, testId }: { failure: string | null; testId: string }) {
  return failure ? (
    <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid={testId}>
      {failure}
    </Alert>
  ) : null;
}

/** The one row of an empty table: loading, or the screen's "nothing here". */
export function EmptyRow(props: {
  colSpan: number;
  loading: boolean;
  text: string;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell colSpan={props.colSpan}>
        <Typography color="text.secondary" data-testid={props.testId}>
          {props.loading ? translate('app.loading') : props.text}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
