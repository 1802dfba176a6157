import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  bookableVasCodes,
  dangerousGoodsRegulations,
  orderTextLimits,
  packingGroups,
  vehicleTypes,
  type ServiceText,
} from '@nordlog/contracts';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CheckField, Field } from './fields';
import { emptyAdr, type FormValues } from './formModel';
import { formServiceCode } from './serviceCode';
import { serviceOptions, useServiceTexts, vasText } from './serviceTexts';

/** A collapsible section of the form (UI.md: services, dangerous goods, invoicing). */
export function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Accordion variant="outlined" disableGutters defaultExpanded={count !== undefined && count > 0}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
      >
        <Typography component="h2" variant="subtitle1">
          {title}
          {count ? ` (${count})` : ''}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}

/** Spec §3 additional services: the bookable VAS codes (spec §9's excluded ones are never offered). */
export function ServicesSection() {
  const translate = useTranslate();
  const locale = useLocale();
  // An administrator's wording of a VAS (docs/decisions/0081), else the product's.
  const texts = useServiceTexts();
  const { setValue } = useFormContext<FormValues>();
  const services = useWatch<FormValues, 'additionalServices'>({ name: 'additionalServices' });
  const set = (next: FormValues['additionalServices']) =>
    setValue('additionalServices', next, { shouldDirty: true, shouldValidate: true });
  return (
    <Section id="services" title={translate('booking.services')} count={services.length}>
      <Grid container spacing={1}>
        {bookableVasCodes.map(({ code, quantity }) => {
          const index = services.findIndex((s) => s.vasCode === code);
          const chosen = index >= 0;
          return (
            <Grid key={code} size={{ xs: 12, md: 6 }}>
              <Stack direction="row" spacing={1} alignItems="center">
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={chosen}
                      onChange={(e) =>
                        set(
                          e.target.checked
                            ? [...services, { vasCode: code, quantity: '1', pureVas: false }]
                            : services.filter((s) => s.vasCode !== code),
                        )
                      }
                    />
                  }
                  label={`${vasText(texts, code, locale) ?? translate(`booking.vas.${code}`)} (${code})`}
                  sx={{ flexGrow: 1 }}
                />
                {chosen && quantity ? (
                  <Field
                    name={`additionalServices.${index}.quantity`}
                    label={translate('booking.vasQuantity')}
                    sx={{ width: 110 }}
                  />
                ) : null}
              </Stack>
            </Grid>
          );
        })}
      </Grid>
    </Section>
  );
}

/**
 * The order's service (a transport article code): picked from the catalogue's services, each
 * named by its text in the user's language (docs/decisions/0081); free text without a catalogue.
 */
export function ServiceField({ label }: { label: string }) {
  const locale = useLocale();
  const texts = useServiceTexts();
  const current = useWatch<FormValues, 'serviceId'>({ name: 'serviceId' }) ?? '';
  const translate = useTranslate();
  const options = serviceOptions(texts, locale, current, (name) =>
    translate('booking.importantService', { name }),
  );
  return (
    <>
      <Field name="serviceId" label={label} {...(options ? { options } : {})} />
      <ResolvedServiceCode texts={texts} />
    </>
  );
}

/** The concrete code the order will carry, where its service has a code template (0093). */
function ResolvedServiceCode({ texts }: { texts: ServiceText[] }) {
  const translate = useTranslate();
  const values = useWatch<FormValues>() as FormValues;
  const resolved = formServiceCode(texts, values);
  if (!resolved) return null;
  return (
    <Typography
      variant="caption"
      data-testid="resolved-service-code"
      color={'code' in resolved ? 'text.secondary' : 'error'}
    >
      {'code' in resolved
        ? translate('serviceCodes.resolved', { code: resolved.code })
        : translate('serviceCodes.overweight')}
    </Typography>
  );
}

/** Spec §3 dangerous goods lines. */
export function DangerousGoodsSection() {
  const translate = useTranslate();
  const { control } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'adrGoods' });
  const t = (k: string) => translate(`booking.adr.${k}`);
  return (
    <Section id="adr" title={translate('booking.dangerousGoods')} count={fields.length}>
      {fields.map((field, i) => (
        <Grid container spacing={1} key={field.id} sx={{ mb: 1 }} data-testid={`adr-${i + 1}`}>
          <Grid size={{ xs: 6, md: 1.5 }}>
            <Field
              name={`adrGoods.${i}.regulationCode`}
              label={t('regulationCode')}
              options={dangerousGoodsRegulations.map((r) => ({ value: r, label: r }))}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 1.5 }}>
            <Field name={`adrGoods.${i}.hazardIdentifier`} label={t('hazardIdentifier')} />
          </Grid>
          <Grid size={{ xs: 6, md: 1 }}>
            <Field name={`adrGoods.${i}.hazardClass`} label={t('hazardClass')} />
          </Grid>
          <Grid size={{ xs: 6, md: 1.5 }}>
            <Field
              name={`adrGoods.${i}.packingGroup`}
              label={t('packingGroup')}
              options={[
                { value: '', label: translate('booking.none') },
                ...packingGroups.map((g) => ({ value: g, label: g })),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 2.5 }}>
            <Field name={`adrGoods.${i}.technicalName`} label={t('technicalName')} />
          </Grid>
          <Grid size={{ xs: 4, md: 1 }}>
            <Field name={`adrGoods.${i}.hazardPoints`} label={t('hazardPoints')} />
          </Grid>
          <Grid size={{ xs: 4, md: 1.25 }}>
            <Field name={`adrGoods.${i}.netWeightKg`} label={t('netWeightKg')} />
          </Grid>
          <Grid size={{ xs: 3, md: 1.25 }}>
            <Field name={`adrGoods.${i}.restrictions`} label={t('restrictions')} />
          </Grid>
          <Grid size={{ xs: 1, md: 0.5 }}>
            <IconButton
              aria-label={translate('booking.removeAdr', { n: i + 1 })}
              onClick={() => remove(i)}
            >
              <DeleteIcon />
            </IconButton>
          </Grid>
        </Grid>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => append(emptyAdr())}>
        {translate('booking.addAdr')}
      </Button>
    </Section>
  );
}

/** Spec §3 invoicing and pricing fields. */
export function InvoicingSection() {
  const translate = useTranslate();
  const t = (k: string) => translate(`booking.invoice.${k}`);
  return (
    <Section id="invoicing" title={translate('booking.invoicing')}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Field
            name="invoiceInfo"
            label={t('invoiceInfo')}
            maxLength={orderTextLimits.invoiceInfo}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Field
            name="manualInvoiceInfo"
            label={t('manualInvoiceInfo')}
            maxLength={orderTextLimits.manualInvoiceInfo}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }}>
          <Field name="invoiceSplit" label={t('invoiceSplit')} />
        </Grid>
        {(
          [
            'standaloneInvoice',
            'allowIncompletePrice',
            'hasZeroPriceApproval',
            'needsZeroPriceApproval',
            'muteBomArticles',
          ] as const
        ).map((name) => (
          <Grid key={name} size={{ xs: 12, md: 4 }}>
            <CheckField name={name} label={t(name)} />
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}

/** Spec §3 planning and grouping fields. */
export function PlanningSection() {
  const translate = useTranslate();
  const t = (k: string) => translate(`booking.plan.${k}`);
  return (
    <Section id="planning" title={translate('booking.planning')}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Field name="preplannedUnitId" label={t('preplannedUnitId')} />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Field name="preplannedTemplateSlotId" label={t('preplannedTemplateSlotId')} />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Field
            name="vehicleType"
            label={t('vehicleType')}
            options={[
              { value: '', label: translate('booking.none') },
              ...vehicleTypes.map((v) => ({
                value: v,
                label: translate(`booking.vehicleTypes.${v}`),
              })),
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Field name="groupId" label={t('groupId')} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Field name="groupName" label={t('groupName')} />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }}>
          <Field name="groupOrder" label={t('groupOrder')} />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Field name="loadCarrierId" label={t('loadCarrierId')} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <CheckField name="paidTogether" label={t('paidTogether')} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <CheckField name="fixedOrder" label={t('fixedOrder')} />
        </Grid>
      </Grid>
    </Section>
  );
}
