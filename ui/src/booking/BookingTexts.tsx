import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import {
  BOOKING_NOTICE_KEY,
  appliedTextKeys,
  appliedTexts,
  type TextRow,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useShell } from '../app/UserContext';
import { formatDate, normalizeLocale } from '../i18n/locales';
import { mayQuery } from '../planner/optimizing/queries';
import { runQuery } from '../shell/api';
import type { Choice } from './bookingChoices';
import type { FormValues } from './formModel';
import { formServiceCode } from './serviceCode';
import { useServiceTexts } from './serviceTexts';

/** The BOOKING texts (0081), read when the form opens; none for a user who may not read them. */
function useBookingTexts(): TextRow[] {
  const { user } = useShell();
  const reads = mayQuery(user, 'texts');
  const answer = useQuery({
    queryKey: ['texts', 'BOOKING'],
    enabled: reads,
    // Product-wide and not pushed to the form's socket: read again after a while (as upsales').
    staleTime: 30_000,
    retry: false,
    queryFn: () => runQuery<TextRow[]>('texts', { group: 'BOOKING' }),
  });
  return reads ? (answer.data ?? []) : [];
}

/**
 * The booking form's information lines (docs/decisions/0097): the BOOKING texts that apply to the
 * order as it is being filled in (its service's, its concrete service code's, its extras' and the
 * `notice` text) once it has its customer, in the user's language, with the customer's and
 * department's names and the pickup date filled.
 */
export function BookingTexts(props: { departments: Choice[]; customers: Choice[] }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const values = useWatch<FormValues>() as FormValues;
  const texts = useBookingTexts();
  const services = useServiceTexts();
  // They speak of the customer's booking: none before the form has its customer.
  if (texts.length === 0 || !values.customerId) return null;
  const resolved = formServiceCode(services, values);
  const keys = appliedTextKeys(
    {
      serviceId: values.serviceId,
      serviceCode: resolved && 'code' in resolved ? resolved.code : null,
      vasCodes: (values.additionalServices ?? []).map((s) => s.vasCode),
    },
    BOOKING_NOTICE_KEY,
  );
  const nameOf = (choices: Choice[], id: string) => choices.find((c) => c.value === id)?.label;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(values.pickupDate ?? '')
    ? formatDate(values.pickupDate, locale)
    : '';
  const shown = appliedTexts(texts, keys, locale, {
    customerName: nameOf(props.customers, values.customerId) ?? '',
    departmentName: nameOf(props.departments, values.departmentId) ?? '',
    date,
  });
  if (shown.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1 }} aria-label={translate('bookingTexts.region')} role="region">
      {shown.map((t) => (
        <Alert key={t.key} severity="info" data-testid="booking-text">
          {t.text}
        </Alert>
      ))}
    </Stack>
  );
}
