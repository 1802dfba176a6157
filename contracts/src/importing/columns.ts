/**
 * The columns of the order import (docs/decisions/0059-import.md): the template's header row is
 * these keys; a file's headers are matched to them ignoring case, spaces, `-` and `_`. Each column
 * fills one field of CREATE_ORDER's payload (the booking form's schema), so a refusal names the
 * column of the field the form would mark.
 */
export type ImportCellKind = 'text' | 'date' | 'time' | 'number' | 'yesNo';

export interface ImportColumn {
  key: string;
  /** Where the value goes in CREATE_ORDER's payload. */
  path: readonly (string | number)[];
  kind: ImportCellKind;
  /** The template's sample row. */
  sample: string;
  /**
   * A person's data (a party's name, address, phone, e-mail, contact, instructions, the note):
   * once the row is booked the order holds it, sealed and erasable (docs/decisions/0050), and
   * the import's copy is dropped (0059).
   */
  personal?: true;
  /**
   * A cell read to find a field (a customer by its number), not a field of the payload itself:
   * `fillPayload` leaves it out.
   */
  lookup?: true;
  /** The header in each language a file may be written in (a download's header row), by locale. */
  labels?: Readonly<Record<string, string>>;
}

const col = (
  key: string,
  path: readonly (string | number)[],
  sample: string,
  kind: ImportCellKind = 'text',
): ImportColumn => ({ key, path, kind, sample });
const personal = (
  key: string,
  path: readonly (string | number)[],
  sample: string,
): ImportColumn => ({
  ...col(key, path, sample),
  personal: true,
});

export const orderImportColumns: readonly ImportColumn[] = [
  col('customerId', ['customerId'], '1'),
  // Or the customer's number and sub-customer, as a shipper knows itself (0059 addendum).
  { ...col('customerNumber', ['customerNumber'], ''), lookup: true },
  { ...col('subcustomer', ['subcustomer'], ''), lookup: true },
  col('customerRef', ['customerRef'], '1001'),
  col('recipientRef', ['recipientRef'], ''),
  col('pickupDate', ['pickupDate'], '2027-03-01', 'date'),
  col('pickupTimeEarliest', ['pickupTimeEarliest'], '08:00', 'time'),
  col('pickupTimeLatest', ['pickupTimeLatest'], '12:00', 'time'),
  col('deliveryDate', ['deliveryDate'], '', 'date'),
  col('deliveryTimeEarliest', ['deliveryTimeEarliest'], '14:00', 'time'),
  col('deliveryTimeLatest', ['deliveryTimeLatest'], '18:00', 'time'),
  personal('pickupName', ['pickup', 'name'], ''),
  personal('pickupAddress', ['pickup', 'address'], ''),
  col('pickupZipCode', ['pickup', 'zipCode'], ''),
  col('pickupZipArea', ['pickup', 'zipArea'], ''),
  col('pickupCountry', ['pickup', 'countryCode'], ''),
  personal('pickupPhone', ['pickup', 'phone'], ''),
  personal('deliveryName', ['delivery', 'name'], 'Åse Ørjasæter'),
  personal('deliveryAddress', ['delivery', 'address'], 'Kirkegata 5'),
  col('deliveryZipCode', ['delivery', 'zipCode'], '0153'),
  col('deliveryZipArea', ['delivery', 'zipArea'], 'Oslo'),
  col('deliveryCountry', ['delivery', 'countryCode'], 'NO'),
  personal('deliveryPhone', ['delivery', 'phone'], '+4791234567'),
  personal('deliveryEmail', ['delivery', 'email'], ''),
  personal('deliveryContactPerson', ['delivery', 'contactPerson'], ''),
  personal('deliveryInstructions', ['delivery', 'instructions'], ''),
  col('quantity', ['measurements', 0, 'quantity'], '1', 'number'),
  col('weight', ['measurements', 0, 'weight'], '2,5', 'number'),
  col('length', ['measurements', 0, 'length'], '40', 'number'),
  col('width', ['measurements', 0, 'width'], '30', 'number'),
  col('height', ['measurements', 0, 'height'], '20', 'number'),
  col('serviceId', ['serviceId'], ''),
  personal('orderNote', ['orderNote'], ''),
];

/** The keys of the columns holding a person's data. */
export const importPersonalKeys: readonly string[] = orderImportColumns
  .filter((c) => c.personal)
  .map((c) => c.key);

/** A booked row's cells without a person's data (what the import keeps of it). */
export const withoutPersonal = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !importPersonalKeys.includes(k)));

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
  if (wanted === '') return undefined;
  return (
    columns.find((c) => headerKey(c.key) === wanted) ??
    columns.find((c) => Object.values(c.labels ?? {}).some((l) => headerKey(l) === wanted))
  );
}
