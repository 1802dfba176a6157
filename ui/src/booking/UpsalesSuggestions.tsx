import AddIcon from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  textIn,
  upsalesSuggestions,
  type ServiceText,
  type UpsalesOfferForBooking,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useShell } from '../app/UserContext';
import { mayQuery } from '../planner/optimizing/queries';
import { runQuery } from '../shell/api';
import type { FormValues } from './formModel';
import { serviceName, useServiceTexts } from './serviceTexts';
import { totals } from './Summary';

/** The query-key head of the offers (read per customer when the form needs them). */
export const UPSALES_OFFERS_KEY = 'upsalesOffers';

/**
 * The enabled rules for a customer's bookings (docs/decisions/0087), as `upsalesOffers` answers
 * them to bookers and the customer's own users alike (0100); none without a customer.
 */
function useOffers(customerId: string): UpsalesOfferForBooking[] {
  const { user } = useShell();
  const reads = customerId !== '' && mayQuery(user, 'upsalesOffers');
  const answer = useQuery({
    queryKey: [UPSALES_OFFERS_KEY, customerId],
    enabled: reads,
    // Not pushed: the form's socket follows its departments, and the rules are product-wide (0087).
    staleTime: 30_000,
    retry: false,
    queryFn: () => runQuery<UpsalesOfferForBooking[]>('upsalesOffers', { customerId }),
  });
  return reads ? (answer.data ?? []) : [];
}

/** A suggestion's wording: its BOOKING text in the language, else "Add <extra>?". */
function wordingOf(offer: UpsalesOfferForBooking, locale: string, date: string, add: string) {
  if (!offer.wording) return add;
  return textIn(offer.wording, locale)
    .replaceAll('{date}', date)
    .replace(/\{(customerName|departmentName)\}/g, '')
    .trim();
}

/**
 * The booking form's suggested extras (docs/decisions/0087-upsales-rules.md): the enabled upsales
 * rules for the order's customer whose service, weight and delivery postal code conditions hold,
 * each offering its value-added service ("Add evening delivery?"); accepting adds the VAS to the
 * order's additional services, and an extra already on the order is not suggested.
 */
export function UpsalesSuggestions() {
  const translate = useTranslate();
  const locale = useLocale();
  const { setValue } = useFormContext<FormValues>();
  const customerId = useWatch<FormValues, 'customerId'>({ name: 'customerId' });
  const serviceId = useWatch<FormValues, 'serviceId'>({ name: 'serviceId' });
  const lines = useWatch<FormValues, 'measurements'>({ name: 'measurements' });
  const delivery = useWatch<FormValues, 'delivery'>({ name: 'delivery' });
  const postalCode = delivery?.zipCode;
  const services = useWatch<FormValues, 'additionalServices'>({ name: 'additionalServices' });
  const date = useWatch<FormValues, 'deliveryDate'>({ name: 'deliveryDate' });
  const offers = useOffers(customerId ?? '');
  const catalogue = useServiceTexts();
  if (offers.length === 0) return null;
  // The extra of each rule: a value-added service of the catalogue, known by its VAS code.
  const extras = new Map<string, ServiceText>(
    catalogue.filter((r) => r.group === 'VAS' && r.active).map((r) => [r.articleId, r]),
  );
  const booked = (articleId: string) =>
    services.some((s) => s.vasCode === extras.get(articleId)?.key);
  const weight = totals(lines ?? []).weight;
  const shown = upsalesSuggestions(
    offers.filter((o) => extras.has(o.articleId)),
    {
      serviceCode: serviceId ? serviceId : null,
      weightKg: weight > 0 ? weight : null,
      postalCode: postalCode ? postalCode : null,
    },
    booked,
  );
  if (shown.length === 0) return null;
  const add = (vasCode: string) =>
    setValue('additionalServices', [...services, { vasCode, quantity: '1', pureVas: false }], {
      shouldDirty: true,
      shouldValidate: true,
    });
  return (
    <Stack spacing={1} sx={{ mb: 1 }} aria-label={translate('upsales.suggestions')} role="region">
      {shown.map((offer) => {
        const extra = extras.get(offer.articleId)!;
        const name = serviceName(extra, locale);
        return (
          <Alert
            key={offer.id}
            severity="info"
            icon={<AddIcon />}
            data-testid="upsales-suggestion"
            action={
              <Button color="inherit" size="small" onClick={() => add(extra.key)}>
                {translate('upsales.add')}
              </Button>
            }
          >
            {wordingOf(offer, locale, date ?? '', translate('upsales.suggestion', { extra: name }))}
          </Alert>
        );
      })}
    </Stack>
  );
}
