import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { addressCountries, addressUsages, type AddressResult } from '@nordlog/contracts';
import { useLocale, useTranslate } from 'react-admin';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FormText, useErrorText } from '../resources/common';
import type { BlockValues } from '../../booking/formModel';
import { blockFieldLayout } from '../../booking/blockLayout';
import { AddressSearch } from '../../maps/AddressSearch';
import { CoordinatesField } from '../../booking/CoordinatesField';
import { CustomerPicker } from '../invoicing/common';
import type { AddressFormValues } from './addressModel';
import { useKnownCustomer } from './queries';

/** A text field (or a select of `choices`) of the address form, its error beside it. */
const Field = FormText<AddressFormValues>;

/**
 * The fields of a saved address (docs/decisions/0061): whose it is and what for, then the place
 * as the booking form's block holds it. A gazetteer suggestion fills the place; a typed street,
 * postal code or country drops the point, so the server places the address again when it saves.
 */
export function AddressForm(props: {
  departments: { value: string; label: string }[] | null;
  departmentIds: readonly string[];
  /** The saved address has no point (the geocoder could not place it). */
  savedUnplaced: boolean;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const { control, setValue } = useFormContext<AddressFormValues>();
  const errorText = useErrorText();
  const [lat, lng, countryCode, customerId] = useWatch<
    AddressFormValues,
    ['block.lat', 'block.lng', 'block.countryCode', 'customerId']
  >({ name: ['block.lat', 'block.lng', 'block.countryCode', 'customerId'] });
  const known = useKnownCustomer(customerId);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const countries = addressCountries.map((c) => ({
    value: c,
    label: `${names.of(c) ?? c} (${c})`,
  }));
  const set = (field: keyof BlockValues, value: string) =>
    setValue(`block.${field}`, value, { shouldValidate: true, shouldDirty: true });
  const unplace = () => {
    for (const f of ['lat', 'lng', 'resolvedBy', 'precision'] as const) set(f, '');
  };
  const pick = (r: AddressResult) => {
    if (r.streetname) set('address', r.streetname);
    set('zipCode', r.zipCode);
    set('zipArea', r.zipArea);
    set('countryCode', r.countryCode);
    set('lat', r.latLng ? String(r.latLng.lat) : '');
    set('lng', r.latLng ? String(r.latLng.lng) : '');
    set('resolvedBy', r.latLng ? 'FRONTEND' : '');
    set('precision', r.latLng ? r.precision : '');
  };
  const b = (name: keyof BlockValues) => ({
    name: `block.${name}` as const,
    label: translate(`booking.fields.${name}`),
  });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="address-whose">
          <Typography id="address-whose" variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('addressBook.whose')}
          </Typography>
          <Grid container spacing={1.5}>
            {props.departments ? (
              <Grid size={12}>
                <Field
                  name="departmentId"
                  label={translate('addressBook.department')}
                  choices={props.departments}
                />
              </Grid>
            ) : null}
            <Grid size={12}>
              <Controller
                name="customerId"
                control={control}
                render={({ field, fieldState }) => (
                  <CustomerPicker
                    label={translate('addressBook.customer')}
                    kind="id"
                    value={field.value}
                    onChange={field.onChange}
                    departmentIds={props.departmentIds}
                    known={known}
                    required
                    fullWidth
                    error={fieldState.error !== undefined}
                    {...(fieldState.error
                      ? { helperText: errorText(fieldState.error.message) }
                      : {})}
                  />
                )}
              />
            </Grid>
            <Grid size={6}>
              <Field
                name="usage"
                label={translate('addressBook.usage')}
                choices={addressUsages.map((u) => ({
                  value: u,
                  label: translate(`addressBook.usages.${u}`),
                }))}
              />
            </Grid>
            <Grid size={6}>
              <Field
                name="code"
                label={translate('addressBook.fields.code')}
                helperText={translate('addressBook.codeHint')}
                slotProps={{ htmlInput: { maxLength: 50 } }}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                name="pickupPoint"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value === true}
                        onChange={(e) => field.onChange(e.target.checked)}
                        onBlur={field.onBlur}
                        name={field.name}
                      />
                    }
                    label={translate('addressBook.pickupPoint')}
                  />
                )}
              />
            </Grid>
          </Grid>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="address-place">
          <Typography id="address-place" variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('addressBook.place')}
          </Typography>
          <Grid container spacing={1.5}>
            <Grid size={12}>
              <AddressSearch
                countryCode={countryCode}
                label={translate('booking.findAddress')}
                helperText={translate('booking.findAddressHint')}
                onPick={pick}
              />
            </Grid>
            {blockFieldLayout.map((spec) => (
              <Grid key={spec.name} size={spec.size}>
                <Field
                  {...b(spec.name)}
                  {...(spec.moves ? { onEdited: unplace } : {})}
                  {...(spec.countries ? { choices: countries } : {})}
                  {...(spec.type ? { type: spec.type } : {})}
                  {...(spec.multiline
                    ? {
                        multiline: true,
                        maxRows: 4,
                        slotProps: { htmlInput: { maxLength: spec.multiline } },
                      }
                    : {})}
                />
              </Grid>
            ))}
            <Grid size={12}>
              <CoordinatesField
                prefix="block"
                helperText={translate('addressBook.coordinatesHint')}
                testId="address-coordinates"
              />
            </Grid>
            {props.savedUnplaced && (lat === '' || lng === '') ? (
              <Grid size={12}>
                <Alert severity="warning" data-testid="address-not-placed">
                  {translate('addressBook.notPlaced')}
                </Alert>
              </Grid>
            ) : null}
          </Grid>
        </Paper>
      </Grid>
    </Grid>
  );
}
