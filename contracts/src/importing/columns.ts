/**
 * The columns of the order import (docs/decisions/0059-import.md): the template's header row is
 * these keys; a file's headers are matched to them ignoring case, spaces, `-` and `_`. Each column
 * fills one field of CREATE_ORDER's payload (the booking form's schema), so a refusal names the
 * column of the field the form would mark.
 */
export type ImportCellKind = 'text' | 'date' | 'time' | 'number';

export interface ImportColumn {
  key: string;
  /** Where the value goes in CREATE_ORDER's payload. */
  path: readonly (string | number)[];
  kind: ImportCellKind;
  /** The template's sample row. */
  sample: string;
}

const col = (
  key: string,
  path: readonly (string | number)[],
  sample: string,
  kind: ImportCellKind = 'text',
): ImportColumn => ({ key, path, kind, sample });

export const orderImportColumns: readonly ImportColumn[] = [
  col('customerId', ['customerId'], '1'),
  col('customerRef', ['customerRef'], '1001'),
  col('recipientRef', ['recipientRef'], ''),
  col('pickupDate', ['pickupDate'], '2027-03-01', 'date'),
  col('pickupTimeEarliest', ['pickupTimeEarliest'], '08:00', 'time'),
  col('pickupTimeLatest', ['pickupTimeLatest'], '12:00', 'time'),
  col('deliveryDate', ['deliveryDate'], '', 'date'),
  col('deliveryTimeEarliest', ['deliveryTimeEarliest'], '14:00', 'time'),
  col('deliveryTimeLatest', ['deliveryTimeLatest'], '18:00', 'time'),
  col('pickupName', ['pickup', 'name'], ''),
  col('pickupAddress', ['pickup', 'address'], ''),
  col('pickupZipCode', ['pickup', 'zipCode'], ''),
  col('pickupZipArea', ['pickup', 'zipArea'], ''),
  col('pickupCountry', ['pickup', 'countryCode'], ''),
  col('pickupPhone', ['pickup', 'phone'], ''),
  col('deliveryName', ['delivery', 'name'], 'Åse Ørjasæter'),
  col('deliveryAddress', ['delivery', 'address'], 'Kirkegata 5'),
  col('deliveryZipCode', ['delivery', 'zipCode'], '0153'),
  col('deliveryZipArea', ['delivery', 'zipArea'], 'Oslo'),
  col('deliveryCountry', ['delivery', 'countryCode'], 'NO'),
  col('deliveryPhone', ['delivery', 'phone'], '+4791234567'),
  col('deliveryEmail', ['delivery', 'email'], ''),
  col('deliveryContactPerson', ['delivery', 'contactPerson'], ''),
  col('deliveryInstructions', ['delivery', 'instructions'], ''),
  col('quantity', ['measurements', 0, 'quantity'], '1', 'number'),
  col('weight', ['measurements', 0, 'weight'], '2,5', 'number'),
  col('length', ['measurements', 0, 'length'], '40', 'number'),
  col('width', ['measurements', 0, 'width'], '30', 'number'),
  col('height', ['measurements', 0, 'height'], '20', 'number'),
  col('serviceId', ['serviceId'], ''),
  col('orderNote', ['orderNote'], ''),
];

/** A header as written in a file, reduced for matching (`Delivery zip code` → `deliveryzipcode`). */
export const headerKey = (header: string): string =>
  header
    .normalize('NFC')
    .replace(/^\uFEFF/, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();

/** The column a header names, if any. */
export function columnOfHeader(
  columns: readonly ImportColumn[],
  header: string,
): ImportColumn | undefined {
  const wanted = headerKey(header);
  return wanted === '' ? undefined : columns.find((c) => headerKey(c.key) === wanted);
}
