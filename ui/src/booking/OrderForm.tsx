import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { deliveryWindow, orderTextLimits, orderTypes, type OrderRow } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import { FormProvider, useWatch } from 'react-hook-form';
import { AddressBlock } from './AddressBlock';
import { EarliestPickupNote } from './calendar';
import { CheckField, Field, PickerField } from './fields';
import { createsOrder, type BookingMode, type FormValues } from './formModel';
import {
  DangerousGoodsSection,
  InvoicingSection,
  PlanningSection,
  ServiceField,
  ServicesSection,
} from './sections';
import { PackagesTable } from './PackagesTable';
import { Summary } from './Summary';
import type { Choice } from './bookingChoices';
import { UpsalesSuggestions } from './UpsalesSuggestions';
import { BookingTexts } from './BookingTexts';
import { useBookingForm, useOrderSave } from './useBookingForm';

export type { Choice } from './bookingChoices';

function DeliveryEndNote() {
  const translate = useTranslate();
  const [pickupDate, deliveryDate, earliest, latest] = useWatch<
    FormValues,
    ['pickupDate', 'deliveryDate', 'deliveryTimeEarliest', 'deliveryTimeLatest']
  >({ name: ['pickupDate', 'deliveryDate', 'deliveryTimeEarliest', 'deliveryTimeLatest'] });
  const day = deliveryDate || pickupDate;
  if (!earliest || !latest || earliest <= latest || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  // Spec §5: the end date moves to the next day when the earliest time is later than the latest.
  return (
    <Typography variant="body2" color="text.secondary" data-testid="delivery-end-next-day">
      {translate('booking.deliveryEndsNextDay', {
        date: deliveryWindow(day, earliest, latest).endDate,
      })}
    </Typography>
  );
}

/**
 * The order form (spec §2 modes, §3 fields; UI.md layout): parties on top, pickup and delivery
 * side by side with map previews, the packages table, collapsible services, dangerous goods,
 * invoicing and planning, and the sticky summary with Save.
 */
export function OrderForm({
  mode,
  defaults,
  departments,
  customers,
  existing,
  tileUrl,
  attribution,
}: {
  mode: BookingMode;
  defaults: FormValues;
  departments: Choice[];
  customers: Choice[];
  existing: OrderRow | null;
  tileUrl: string;
  attribution: string;
}) {
  const translate = useTranslate();
  const { form, calendar } = useBookingForm(mode, defaults, departments);
  const t = (k: string) => translate(`booking.fields.${k}`);

  const { save, saving, failure } = useOrderSave(form, mode, existing);

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={translate(`booking.title.${mode}`)}
        onSubmit={(e) => void form.handleSubmit(save)(e)}
      >
        <Stack spacing={2}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Paper
            component="section"
            aria-labelledby="parties-title"
            variant="outlined"
            sx={{ p: 2 }}
          >
            <Typography id="parties-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('booking.parties')}
            </Typography>
            <Grid container spacing={1.5}>
              <Grid size={{ xs: 12, md: 3 }}>
                <Field
                  name="departmentId"
                  label={translate('booking.department')}
                  options={departments}
                  disabled={!createsOrder(mode) || departments.length < 2}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <Field
                  name="customerId"
                  label={translate('booking.customer')}
                  options={customers}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <Field name="customerRef" label={t('customerRef')} />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <Field name="recipientRef" label={t('recipientRef')} />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <Field name="subcustomer" label={t('subcustomer')} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Field name="customerContact" label={t('customerContact')} />
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <Field
                  name="customerInfo"
                  label={t('customerInfo')}
                  maxLength={orderTextLimits.customerInfo}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Field name="emailId" label={t('emailId')} />
              </Grid>
              <Grid size={12}>
                {/* A long note scrolls inside the field: the form keeps its layout. */}
                <Field
                  name="orderNote"
                  label={t('orderNote')}
                  multiline
                  minRows={1}
                  maxRows={8}
                  maxLength={orderTextLimits.orderNote}
                />
              </Grid>
              <Grid size={12}>
                <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
                  <Typography variant="body2">{translate('booking.notify')}</Typography>
                  {(['created', 'collected', 'delivered'] as const).map((k) => (
                    <CheckField
                      key={k}
                      name={`eventNotifications.${k}`}
                      label={translate(`booking.notifyEvents.${k}`)}
                    />
                  ))}
                </Stack>
              </Grid>
            </Grid>
          </Paper>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <AddressBlock side="pickup" tileUrl={tileUrl} attribution={attribution} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <AddressBlock side="delivery" tileUrl={tileUrl} attribution={attribution} />
            </Grid>
          </Grid>
          <Paper
            component="section"
            aria-labelledby="timing-title"
            variant="outlined"
            sx={{ p: 2 }}
          >
            <Typography id="timing-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('booking.timing')}
            </Typography>
            <Grid container spacing={1.5}>
              <Grid size={{ xs: 6, md: 2 }}>
                <Field
                  name="type"
                  label={t('type')}
                  options={orderTypes.map((o) => ({
                    value: o,
                    label: translate(`booking.types.${o}`),
                  }))}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <Field
                  name="priority"
                  label={t('priority')}
                  options={(['normal', 'high'] as const).map((p) => ({
                    value: p,
                    label: translate(`booking.priorities.${p}`),
                  }))}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 2 }}>
                <ServiceField label={t('serviceId')} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <CheckField name="requiresConfirmation" label={t('requiresConfirmation')} />
              </Grid>
              <Grid size={{ xs: 12, md: 2 }}>
                <PickerField name="pickupDate" label={t('pickupDate')} kind="date" />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <PickerField
                  name="pickupTimeEarliest"
                  label={t('pickupTimeEarliest')}
                  kind="time"
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <PickerField name="pickupTimeLatest" label={t('pickupTimeLatest')} kind="time" />
              </Grid>
              <Grid size={{ xs: 12, md: 2 }}>
                <PickerField name="deliveryDate" label={t('deliveryDate')} kind="date" />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <PickerField
                  name="deliveryTimeEarliest"
                  label={t('deliveryTimeEarliest')}
                  kind="time"
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <PickerField
                  name="deliveryTimeLatest"
                  label={t('deliveryTimeLatest')}
                  kind="time"
                />
              </Grid>
              <Grid size={12}>
                <DeliveryEndNote />
                <EarliestPickupNote calendar={calendar} proposeDate={mode === 'create'} />
              </Grid>
            </Grid>
          </Paper>
          <PackagesTable />
          <Box>
            <BookingTexts departments={departments} customers={customers} />
            {createsOrder(mode) ? <UpsalesSuggestions /> : null}
            <ServicesSection />
            <DangerousGoodsSection />
            <InvoicingSection />
            <PlanningSection />
          </Box>
        </Stack>
        <Summary saving={saving} />
      </Box>
    </FormProvider>
  );
}
