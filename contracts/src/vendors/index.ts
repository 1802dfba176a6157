import { z } from 'zod';
import { normaliseOrgNumber } from '../addresses/identifiers.js';
import { entityId, marketCountries, nonEmptyText, type MarketCountry } from '../common.js';
import { email, phone } from '../consignments/orderParts.js';
import { crossFieldRules, evenWithFieldIssues, type Issue } from '../crossFieldRules.js';
import { depotSchema } from '../planning/units.js';
import { updateShape } from '../updates.js';

/**
 * Vendors (spec §1 "administrators manage … vendors", §2 `/admin/vendors/*`, §6 ADMIN_VENDORS,
 * §7 query `vendor` and CONNECT_UNITS_TO_VENDOR_SITE; docs/decisions/0091-vendors.md). The spec
 * names them and no field: the fields are ours. A vendor is a subcontractor (a haulier) a
 * department hires: its name, organisation number (checked by its country's rule), country,
 * contact e-mail and phone, and its sites (depots) where the department's units (vehicles) are
 * stationed. A unit is at one site at most; connecting it to another moves it.
 */
export const VENDORS_TABLE = 'rm_vendors';
export const VENDORS_ENTITY = 'vendors';
/**
 * Every vendor on one stream: "a unit is at one site at most" and "no vendor deleted while units
 * are connected" are decided in the append that connects or deletes (as production time windows).
 */
export const VENDORS_STREAM = 'vendors';

/** The most sites a vendor has, and units a site has. */
export const MAX_VENDOR_SITES = 50;
export const MAX_SITE_UNITS = 500;

/** A site's code: the vendor's own short name for the depot ("OSL1"), unique within the vendor. */
export const siteCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.siteCode');

export const vendorSiteSchema = z.object({
  code: siteCode,
  name: nonEmptyText.max(100),
  /** The depot's address and point (the geocoder's, as a unit's depot); null: not given yet. */
  location: depotSchema.nullable().default(null),
});
export type VendorSite = z.output<typeof vendorSiteSchema>;

const vendorFields = {
  /** The department that hires the vendor: its administrators manage it, its units connect. */
  departmentId: entityId,
  name: nonEmptyText.max(100),
  country: z.enum(marketCountries, { error: 'validation.choice' }),
  /** As typed; checked by the country's rule (NO 9 digits mod 11, SE Luhn, DK CVR, FI Y-tunnus). */
  orgNumber: z
    .string()
    .trim()
    .min(1, 'required')
    // Digits and spaces (7 or more), or SE NNNNNN-NNNN, or FI NNNNNNN-N.
    .regex(/^(\d[\d ]{6,10}|\d{6}-\d{4}|\d{7}-\d)$/, 'validation.orgNumber'),
  email,
  phone,
  sites: z.array(vendorSiteSchema).max(MAX_VENDOR_SITES, 'validation.tooMany').default([]),
};

/** A vendor's rules across fields, shared by the form, the command's schema and the decider. */
export function vendorIssues(v: {
  country: MarketCountry;
  orgNumber: string;
  sites: readonly { code: string }[];
}): Issue[] {
  const issues: Issue[] = [];
  if (normaliseOrgNumber(v.country, v.orgNumber) === null)
    issues.push({ path: ['orgNumber'], message: `validation.orgNumber${v.country}` });
  const seen = new Set<string>();
  v.sites.forEach((s, i) => {
    const code = s.code.toUpperCase();
    if (seen.has(code))
      issues.push({ path: ['sites', i, 'code'], message: 'validation.duplicateSiteCode' });
    seen.add(code);
  });
  return issues;
}

export const createVendorSchema = z
  .object(vendorFields)
  .superRefine(crossFieldRules(vendorIssues), evenWithFieldIssues);
/** The department stays; other fields left out keep theirs (the decider checks the merged vendor). */
const { departmentId: _department, ...editable } = vendorFields;
export const updateVendorSchema = z.object({ id: entityId, ...updateShape(editable) });
const byId = z.object({ id: entityId });
/**
 * CONNECT_UNITS_TO_VENDOR_SITE: the site's units become exactly these (docs/decisions/0091): a
 * unit at another site moves here, a unit of this site left out is released (an empty list
 * releases them all). Units of the vendor's department only.
 */
export const connectUnitsToVendorSiteSchema = z.object({
  vendorId: entityId,
  siteCode,
  unitIds: z
    .array(entityId)
    .max(MAX_SITE_UNITS, 'validation.tooMany')
    .transform((ids) => [...new Set(ids)]),
});

export type VendorFields = z.output<typeof createVendorSchema>;
export type VendorChanges = Omit<z.output<typeof updateVendorSchema>, 'id'>;
export interface Vendor extends VendorFields {
  id: string;
  /** The units connected, by site code (the site's code as its key). */
  units: Record<string, string[]>;
}
export interface VendorRow extends Vendor {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type VendorEvent =
  | { type: 'VendorCreated'; data: Vendor }
  | { type: 'VendorUpdated'; data: { id: string; changes: Partial<Vendor> } }
  | { type: 'VendorDeleted'; data: { id: string } };

export const vendorCommandSchemas = {
  CREATE_VENDOR: createVendorSchema,
  UPDATE_VENDOR: updateVendorSchema,
  DELETE_VENDOR: byId,
  CONNECT_UNITS_TO_VENDOR_SITE: connectUnitsToVendorSiteSchema,
};

export const vendorQuerySchemas = {
  /** `vendors {departmentIds?}`: the vendors of the caller's departments (of these, if named). */
  vendors: z.object({ departmentIds: z.array(entityId).max(1000).optional() }),
  /** `vendor {id}` (spec §7): one vendor. */
  vendor: byId,
};
