import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import { todayIn, timeZoneFor } from '../i18n/locales';
import { NotFound } from '../layout/NotFound';
import { usePageTitle } from '../layout/pageTitle';
import { useDepartmentParam } from '../portal/portalContext';
import { AddressBlock } from './AddressBlock';
import { useBookingChoices, type Choice } from './bookingChoices';
import { EarliestPickupNote } from './calendar';
import { Field, PickerField } from './fields';
import { emptyForm, type FormValues } from './formModel';
import { H2PackageLines } from './H2PackageLines';
import { ServiceField } from './sections';
import { Summary } from './Summary';
import { UpsalesSuggestions } from './UpsalesSuggestions';
import { useBookingForm, useOrderSave } from './useBookingForm';

/**
 * The h2 booking's quick form (spec §2 `/planner/{dep}/h2-booking/create`, §3 simplified
 * measurement line; docs/decisions/0086): parties, places, service and times, and a package a
 * line, and the upsales suggestions (docs/decisions/0100). The order form's model and rules;
 * saved as the same CREATE_ORDER.
 */
function H2BookingForm(props: {
  defaults: FormValues;
  departments: Choice[];
  customers: Choice[];
  tileUrl: string;
  attribution: string;
}) {
  const translate = useTranslate();
  const { form, calendar } = useBookingForm('create', props.defaults, props.departments);
  const { save, saving, failure } = useOrderSave(form, 'create', null);
  const t = (k: string) => translate(`booking.fields.${k}`);
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={translate('h2Booking.title')}
        data-testid="h2-booking-form"
        onSubmit={(e) => void form.handleSubmit(save)(e)}
      >
        <Stack spacing={2}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Paper component="section" variant="outlined" sx={{ p: 2 }}>
            <Grid container spacing={1.5}>
              <Grid size={{ xs: 12, md: 3 }}>
                <Field
                  name="departmentId"
                  label={translate('booking.department')}
                  options={props.departments}
                  disabled={props.departments.length < 2}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <Field
                  name="customerId"
                  label={translate('booking.customer')}
                  options={props.customers}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Field name="customerRef" label={t('customerRef')} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <ServiceField label={t('serviceId')} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <PickerField name="pickupDate" label={t('pickupDate')} kind="date" />
              </Grid>
              <Grid size={{ xs: 6, md: 4 }}>
                <PickerField
                  name="deliveryTimeEarliest"
                  label={t('deliveryTimeEarliest')}
                  kind="time"
                />
              </Grid>
              <Grid size={{ xs: 6, md: 4 }}>
                <PickerField
                  name="deliveryTimeLatest"
                  label={t('deliveryTimeLatest')}
                  kind="time"
                />
              </Grid>
              <Grid size={12}>
                <EarliestPickupNote calendar={calendar} proposeDate />
              </Grid>
            </Grid>
          </Paper>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <AddressBlock side="pickup" tileUrl={props.tileUrl} attribution={props.attribution} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <AddressBlock
                side="delivery"
                tileUrl={props.tileUrl}
                attribution={props.attribution}
              />
            </Grid>
          </Grid>
          <H2PackageLines />
          {/* The extras suggested for the customer's booking, as in the order form (0087, 0100). */}
          <UpsalesSuggestions />
        </Stack>
        <Summary saving={saving} />
      </Box>
    </FormProvider>
  );
}

/** `/planner/{departmentId}/h2-booking/create` (spec §2, flag PLANNER_BOOKING). */
export default function H2BookingPage() {
  const translate = useTranslate();
  usePageTitle('h2Booking.title');
  const choices = useBookingChoices(useDepartmentParam());
  if (choices.loading)
    return (
      <Box sx={{ p: 2 }}>
        <Typography>{translate('booking.loading')}</Typography>
      </Box>
    );
  if (!choices.found) return <NotFound />;
  const first = choices.departments[0];
  const today = todayIn(timeZoneFor(first?.country));
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('h2Booking.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('h2Booking.intro')}
      </Typography>
      <H2BookingForm
        defaults={emptyForm(first?.value ?? '', first?.country ?? 'NO', today)}
        departments={choices.departments}
        customers={choices.customers}
        tileUrl={choices.tileUrl}
        attribution={choices.attribution}
      />
    </Box>
  );
}
