import {
  customerProblems,
  departmentProblems,
  marketCountries,
  type PostalAddress,
  type DepartmentType,
  type SellerIdentity,
} from '@nordlog/contracts';
import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { z } from 'zod';
import { enumChoices, nullableSelect } from './fields';

/**
 * A postal address (customer, department; a customer's return address): street, postal code,
 * town and country, under `source`.
 */
export const AddressInputs = ({ source = 'address' }: { source?: string }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
    <TextInput source={`${source}.street`} sx={{ minWidth: 280 }} />
    {/* Narrow for the postal code; a longer label ("Return postal code") needs its room. */}
    <TextInput source={`${source}.postalCode`} sx={{ width: source === 'address' ? 140 : 240 }} />
    <TextInput source={`${source}.town`} />
    <SelectInput
      source={`${source}.country`}
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
export function withOptionalAddress(
  schema: z.ZodType,
  fields: readonly string[] = ['address'],
): z.ZodType {
  return z.preprocess((values) => {
    if (typeof values !== 'object' || values === null) return values;
    const record = values as Record<string, unknown>;
    const out = { ...record };
    for (const field of fields) {
      const address = record[field] as Record<string, unknown> | null | undefined;
      if (address && Object.values(address).every(blank)) out[field] = null;
    }
    return out;
  }, schema);
}

/**
 * The edit form holds the whole department, so it checks the seller fields and the hd countries
 * against the country as the server does with the stored department (the create schema does so
 * itself; departmentProblems, docs/decisions/0102).
 */
export const withSellerRules = (schema: z.ZodType): z.ZodType =>
  schema.superRefine((values, ctx) => {
    const d = values as Partial<SellerIdentity> & { departmentType?: DepartmentType };
    if (!d.country) return;
    for (const p of departmentProblems(d as SellerIdentity & { departmentType?: DepartmentType }))
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
