import { zodResolver } from '@hookform/resolvers/zod';
import { orderFormSchema, timingIssues, type OrderFormInput } from '@nordlog/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { BlockValues, FormValues } from './formModel';

// The order form's values on their way to the wire: the payload the shared schema and the order
// commands take, and the form's resolver (the same rules as the server's).

const optional = (v: string): string | undefined => (v.trim() === '' ? undefined : v);

/** A block of the form as the schema takes it: empty coordinates and sources left out. */
export function blockInput(b: BlockValues) {
  return {
    ...b,
    lat: optional(b.lat) ?? null,
    lng: optional(b.lng) ?? null,
    resolvedBy: optional(b.resolvedBy),
    precision: optional(b.precision),
  };
}

/** The payload the shared schema and CREATE_ORDER take (raw: the server normalises). */
export function toInput(v: FormValues): OrderFormInput {
  return {
    ...v,
    customerId: v.customerId,
    parentId: optional(v.parentId),
    emailId: optional(v.emailId),
    customerRef: optional(v.customerRef),
    recipientRef: optional(v.recipientRef),
    subcustomer: optional(v.subcustomer),
    customerInfo: optional(v.customerInfo),
    customerContact: optional(v.customerContact),
    orderNote: optional(v.orderNote),
    pickup: blockInput(v.pickup),
    delivery: blockInput(v.delivery),
    serviceId: optional(v.serviceId),
    type: v.type as OrderFormInput['type'],
    priority: v.priority as OrderFormInput['priority'],
    manualInvoiceInfo: optional(v.manualInvoiceInfo),
    invoiceInfo: optional(v.invoiceInfo),
    invoiceSplit: optional(v.invoiceSplit),
    preplannedUnitId: optional(v.preplannedUnitId),
    preplannedTemplateSlotId: optional(v.preplannedTemplateSlotId),
    groupId: optional(v.groupId),
    groupName: optional(v.groupName),
    loadCarrierId: optional(v.loadCarrierId),
    groupOrder: optional(v.groupOrder) === undefined ? undefined : Number(v.groupOrder),
    vehicleType: optional(v.vehicleType) as OrderFormInput['vehicleType'],
    measurements: v.measurements.map((l) => ({
      ...l,
      packageIds: l.packageIds.length > 0 ? l.packageIds : undefined,
      presetDimension: optional(l.presetDimension) as never,
      volume: optional(l.volume),
      loadingMeters: optional(l.loadingMeters),
      palletFootPrints: optional(l.palletFootPrints),
      specificationDescription: optional(l.specificationDescription),
      packageTypeCode: optional(l.packageTypeCode),
    })),
    additionalServices: v.additionalServices,
    adrGoods: v.adrGoods.map((a) => ({
      ...a,
      regulationCode: a.regulationCode as never,
      packingGroup: (optional(a.packingGroup) ?? null) as never,
      restrictions: optional(a.restrictions),
    })),
  } as OrderFormInput;
}

type Issue = { path: readonly (string | number)[]; message: string };

/** Puts an issue into react-hook-form's nested error object (first issue of a field wins). */
export function setFieldError(errors: Record<string, unknown>, issue: Issue): void {
  let at = errors;
  issue.path.forEach((part, i) => {
    const key = String(part);
    if (i === issue.path.length - 1) {
      at[key] ??= { type: 'validation', message: issue.message };
      return;
    }
    at[key] ??= {};
    at = at[key] as Record<string, unknown>;
  });
}

const schemaResolver = zodResolver(orderFormSchema, undefined, { raw: true });

/**
 * react-hook-form's resolver: the contracts schema through `@hookform/resolvers/zod`, then the
 * clock rule (spec §5 "in the future") in the pickup's time zone, as the server applies it.
 */
export function bookingResolver(options: {
  now: () => Date;
  timeZone: (values: FormValues) => string;
  /** The department's calendar rules (docs/decisions/0078), once the pickup lies ahead. */
  calendar?: (values: FormValues) => Issue[];
}): Resolver<FormValues> {
  return async (values, context, resolverOptions) => {
    const input = toInput(values);
    const result = await schemaResolver(input, context, resolverOptions as never);
    const errors = { ...(result.errors as Record<string, unknown>) };
    const pickupDate = typeof input.pickupDate === 'string' ? input.pickupDate : '';
    const timing = timingIssues(
      { pickupDate, pickupTimeLatest: optional(values.pickupTimeLatest) },
      options.now(),
      options.timeZone(values),
    );
    for (const issue of timing.length > 0 ? timing : (options.calendar?.(values) ?? []))
      setFieldError(errors, issue);
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<FormValues> };
  };
}
