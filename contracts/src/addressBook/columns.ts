import { z } from 'zod';
import { entityId } from '../common.js';
import type { ImportColumn } from '../importing/columns.js';

/**
 * The address book's spreadsheet (spec §7 `POST /uploadExcelAddresses (file, optional
 * customerId)` and `POST /downloadCustomerAddresses {params: customerNumber, subcustomer,
 * language}`; docs/decisions/0061-address-book.md): one column per field of a saved address. A
 * download's header row is in the language asked for, and an upload reads a header in any of
 * the six languages or as the column's key, so a downloaded file goes back up as it is.
 */

export const UPLOAD_ADDRESSES_PATH = '/uploadExcelAddresses';
export const DOWNLOAD_ADDRESSES_PATH = '/downloadCustomerAddresses';
/**
 * An upload has the order import's limits (MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS); its rows are
 * saved this many at a time.
 */
export const ADDRESS_UPLOAD_CONCURRENCY = 4;

/** The languages of the product (the web app's locales). */
export const addressFileLanguages = ['en', 'nb', 'sv', 'da', 'fi', 'fr'] as const;
export type AddressFileLanguage = (typeof addressFileLanguages)[number];

type Labels = Record<AddressFileLanguage, string>;
const column = (
  key: string,
  path: readonly string[],
  labels: Labels,
  personal = false,
  kind: ImportColumn['kind'] = 'text',
): ImportColumn => ({
  key,
  path,
  kind,
  sample: '',
  labels,
  ...(personal ? { personal: true as const } : {}),
});

export const addressColumns: readonly ImportColumn[] = [
  // The row's customer, by its number and sub-customer (when the upload names no customerId).
  {
    ...column('customerNumber', ['customerNumber'], {
      en: 'Customer number',
      nb: 'Kundenummer',
      sv: 'Kundnummer',
      da: 'Kundenummer',
      fi: 'Asiakasnumero',
      fr: 'Numéro de client',
    }),
    lookup: true,
  },
  {
    ...column('subcustomer', ['subcustomer'], {
      en: 'Subcustomer',
      nb: 'Underkunde',
      sv: 'Underkund',
      da: 'Underkunde',
      fi: 'Aliasiakas',
      fr: 'Sous-client',
    }),
    lookup: true,
  },
  column('code', ['code'], {
    en: 'Address code',
    nb: 'Adressekode',
    sv: 'Adresskod',
    da: 'Adressekode',
    fi: 'Osoitekoodi',
    fr: "Code d'adresse",
  }),
  column('usage', ['usage'], {
    en: 'Use',
    nb: 'Bruk',
    sv: 'Användning',
    da: 'Brug',
    fi: 'Käyttö',
    fr: 'Usage',
  }),
  column(
    'name',
    ['block', 'name'],
    { en: 'Name', nb: 'Navn', sv: 'Namn', da: 'Navn', fi: 'Nimi', fr: 'Nom' },
    true,
  ),
  column(
    'address',
    ['block', 'address'],
    { en: 'Address', nb: 'Adresse', sv: 'Adress', da: 'Adresse', fi: 'Osoite', fr: 'Adresse' },
    true,
  ),
  column('zipCode', ['block', 'zipCode'], {
    en: 'Postal code',
    nb: 'Postnummer',
    sv: 'Postnummer',
    da: 'Postnummer',
    fi: 'Postinumero',
    fr: 'Code postal',
  }),
  column('zipArea', ['block', 'zipArea'], {
    en: 'Town',
    nb: 'Poststed',
    sv: 'Postort',
    da: 'By',
    fi: 'Postitoimipaikka',
    fr: 'Ville',
  }),
  column('country', ['block', 'countryCode'], {
    en: 'Country',
    nb: 'Land',
    sv: 'Land',
    da: 'Land',
    fi: 'Maa',
    fr: 'Pays',
  }),
  column(
    'phone',
    ['block', 'phone'],
    { en: 'Phone', nb: 'Telefon', sv: 'Telefon', da: 'Telefon', fi: 'Puhelin', fr: 'Téléphone' },
    true,
  ),
  column(
    'email',
    ['block', 'email'],
    { en: 'E-mail', nb: 'E-post', sv: 'E-post', da: 'E-mail', fi: 'Sähköposti', fr: 'E-mail' },
    true,
  ),
  column(
    'contactPerson',
    ['block', 'contactPerson'],
    {
      en: 'Contact person',
      nb: 'Kontaktperson',
      sv: 'Kontaktperson',
      da: 'Kontaktperson',
      fi: 'Yhteyshenkilö',
      fr: 'Personne à contacter',
    },
    true,
  ),
  column(
    'instructions',
    ['block', 'instructions'],
    {
      en: 'Instructions',
      nb: 'Instruksjoner',
      sv: 'Instruktioner',
      da: 'Instruktioner',
      fi: 'Ohjeet',
      fr: 'Instructions',
    },
    true,
  ),
  // A pickup point offered to recipients (docs/decisions/0063): yes or no in any language.
  column(
    'pickupPoint',
    ['pickupPoint'],
    {
      en: 'Pickup point',
      nb: 'Hentested',
      sv: 'Utlämningsställe',
      da: 'Udleveringssted',
      fi: 'Noutopiste',
      fr: 'Point de retrait',
    },
    false,
    'yesNo',
  ),
];

/** The upload's form fields beside the file. */
export const uploadAddressesFieldsSchema = z.object({
  /** Every row is an address of this customer (the rows' customer columns are not read). */
  customerId: entityId.optional(),
  /** The address book the rows go to; without it, each row's customer's own department. */
  departmentId: entityId.optional(),
});

/** The download's body: `{params: {customerNumber, subcustomer, language}}` (spec §7). */
export const downloadAddressesSchema = z.object({
  params: z.object({
    customerNumber: z.string().trim().min(1).max(50),
    subcustomer: z.string().trim().max(50).default(''),
    language: z.enum(addressFileLanguages).default('en'),
  }),
});

/** One refused row of an upload (the header is row 1). */
export interface AddressRowProblem {
  row: number;
  column: string | null;
  key: string;
  message: string;
}

/** What an upload that passed did: the rows saved as new addresses, changed, or already equal. */
export interface AddressUploadResult {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows that passed the checks and were refused when saved (e.g. a change at the same time). */
  failed: AddressRowProblem[];
  format: 'xlsx' | 'csv';
  encoding?: string;
}
