import {
  customerProblems,
  marketCountries,
  sellerProblems,
  type PostalAddress,
  type SellerIdentity,
} from '@nordlog/contracts';
import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { z } from 'zod';
import { enumChoices, nullableSelect } from './fields';

/** A postal address (customer, department): street, postal code, town and country. */
export const AddressInputs = () => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
    <TextInput source="address.street" sx={{ minWidth: 280 }} />
    <TextInput source="address.postalCode" sx={{ width: 140 }} />
    <TextInput source="address.town" />
    <SelectInput
      source="address.country"
      choices={enumChoices('country', marketCountries)}
      {...nullableSelect}
    />
  </Box>
);

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The form's values as the command takes them: an address left blank in every field is none
 * (null), not an address of empty fields; one begun must be complete (the schema says what lacks).
 */
export function withOptionalAddress(schema: z.ZodType): z.ZodType {
  return z.preprocess((values) => {
    if (typeof values !== 'object' || values === null) return values;
    const address = (values as { address?: Record<string, unknown> | null }).address;
    if (address && Object.values(address).every(blank)) return { ...values, address: null };
    return values;
  }, schema);
}

/**
 * The edit form holds the whole department, so it checks the seller fields against the country
 * as the server does with the stored department (the create schema does so itself).
 */
export const withSellerRules = (schema: z.ZodType): z.ZodType =>
  schema.superRefine((values, ctx) => {
    const d = values as Partial<SellerIdentity>;
    if (!d.country) return;
    for (const p of sellerProblems(d as SellerIdentity))
      ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
  });

/**
 * The customer edit form holds the whole customer, so it checks the organisation number against
 * the address's country (else the four countries) as the server does with the stored customer.
 */
export const withCustomerRules = (schema: z.ZodType): z.ZodType =>
  schema.superRefine((values, ctx) => {
    const c = values as { orgNumber?: string; address?: PostalAddress | null };
    for (const p of customerProblems(c))
      ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
  });
