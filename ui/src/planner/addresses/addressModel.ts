import { zodResolver } from '@hookform/resolvers/zod';
import {
  createAddressSchema,
  defaultPhonePrefix,
  updateAddressSchema,
  type AddressBlock,
  type AddressRow,
  type AddressRowProblem,
  type AddressUsage,
} from '@nordlog/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { REFETCH } from '../../live/applyChanges';
import { blockInput } from '../../booking/formInput';
import { blockValues, emptyBlock, type BlockValues } from '../../booking/formModel';

/**
 * The address book screens' model (docs/decisions/0061-address-book.md): the query-key head its
 * lists share (registered with the `addresses` entity, so a pushed change fetches them again),
 * the form's values and their way to and from the commands, and what a refused upload says.
 */
export const ADDRESSES_KEY = 'addresses';
export const addressesKey = (...rest: unknown[]) => [ADDRESSES_KEY, REFETCH, ...rest];

/** The list's filters as the URL holds them ('' = any). */
export interface AddressFilters {
  search: string;
  customerId: string;
  usage: '' | 'PICKUP' | 'DELIVERY';
}

/** The `addresses` query of the list: the screen's departments narrowed by its filters. */
export function addressesParams(departmentIds: readonly string[], f: AddressFilters) {
  const search = f.search.trim();
  return {
    departmentIds: [...departmentIds],
    ...(f.customerId ? { customerIds: [f.customerId] } : {}),
    ...(f.usage ? { usage: f.usage } : {}),
    ...(search ? { searchPhrase: search } : {}),
    limit: 500,
  };
}

/** A saved address the geocoder could not place has no point: it is not on the map. */
export const isPlaced = (block: Pick<AddressBlock, 'lat' | 'lng'>): boolean =>
  block.lat != null && block.lng != null;

/** The postal code and town as one line ("0152 Oslo"). */
export const postalLine = (block: Pick<AddressBlock, 'zipCode' | 'zipArea'>): string =>
  [block.zipCode, block.zipArea].filter(Boolean).join(' ');

/** The form's values: text as the inputs hold it (the booking form's block values). */
export interface AddressFormValues {
  departmentId: string;
  customerId: string;
  usage: AddressUsage;
  code: string;
  /** A pickup point recipients may choose on the tracking page (docs/decisions/0063). */
  pickupPoint: boolean;
  block: BlockValues;
}

export function emptyAddressForm(departmentId: string, countryCode: string): AddressFormValues {
  return {
    departmentId,
    customerId: '',
    usage: 'BOTH',
    code: '',
    pickupPoint: false,
    // A saved address starts without the country's phone prefix: most have no phone at all.
    block: { ...emptyBlock(countryCode), phone: '' },
  };
}

export function addressFormOf(row: AddressRow): AddressFormValues {
  return {
    departmentId: row.departmentId,
    customerId: row.customerId,
    usage: row.usage,
    code: row.code,
    pickupPoint: row.pickupPoint ?? false,
    block: blockValues(row.block),
  };
}

/** A phone field holding only the country's prefix was left empty. */
const phoneOrEmpty = (phone: string, countryCode: string) =>
  phone.trim() === (defaultPhonePrefix[countryCode] ?? '') ? '' : phone;

/** CREATE_ADDRESS's payload (raw: the server normalises as the schema says). */
export function createAddressInput(v: AddressFormValues) {
  const block = blockInput(v.block);
  return {
    departmentId: v.departmentId,
    customerId: v.customerId,
    usage: v.usage,
    code: v.code,
    pickupPoint: v.pickupPoint,
    block: { ...block, phone: phoneOrEmpty(block.phone, block.countryCode) },
  };
}

/** UPDATE_ADDRESS's payload: every field of the form (the block as a whole replaces the saved). */
export function updateAddressInput(id: string, v: AddressFormValues) {
  return { id, ...createAddressInput(v) };
}

/**
 * react-hook-form's resolver: the contracts' schema of the command the form sends
 * (createAddressSchema for a new address, updateAddressSchema for a saved one), so the form
 * refuses what the server would, with the same message keys.
 */
export function addressResolver(id: string | null): Resolver<AddressFormValues> {
  const resolve =
    id === null
      ? zodResolver(createAddressSchema, undefined, { raw: true })
      : zodResolver(updateAddressSchema, undefined, { raw: true });
  return async (values, context, options) => {
    const input = id === null ? createAddressInput(values) : updateAddressInput(id, values);
    const result = await resolve(input as never, context, options as never);
    const errors = result.errors as FieldErrors<AddressFormValues>;
    // No customer chosen is a missing field, not an id of the wrong form.
    if (errors.customerId && values.customerId.trim() === '')
      errors.customerId = { ...errors.customerId, message: 'validation.required' };
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
}

/** The refused rows of an upload's 400 answer, and how many rows were refused (none: not one). */
export function uploadProblems(
  errors: readonly { params?: Record<string, unknown> | undefined }[],
): { rows: AddressRowProblem[]; refused: number } | null {
  const params = errors[0]?.params;
  if (!params || !Array.isArray(params.rows)) return null;
  const rows = (params.rows as unknown[]).flatMap((r): AddressRowProblem[] => {
    if (typeof r !== 'object' || r === null) return [];
    const p = r as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return [
      {
        row: typeof p.row === 'number' ? p.row : Number(p.row) || 0,
        column: typeof p.column === 'string' ? p.column : null,
        key: text(p.key),
        message: text(p.message),
      },
    ];
  });
  const refused =
    typeof params.refused === 'number' ? params.refused : new Set(rows.map((r) => r.row)).size;
  return { rows: rows.sort((a, b) => a.row - b.row), refused };
}

/** The file name of a customer's downloaded address book. */
export const addressFileName = (customerNumber: string, subcustomer: string): string =>
  `addresses-${[customerNumber, subcustomer].filter(Boolean).join('-')}.xlsx`.replace(
    /[^\w.-]+/g,
    '_',
  );
