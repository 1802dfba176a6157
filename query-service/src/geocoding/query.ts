import {
  AppError,
  countryLanguage,
  isValidZipCodeFor,
  PINNED_ADDRESSES_TABLE,
  pinKey,
  postalCodeCheckSchema,
  type PinnedAddress,
} from '@nordlog/contracts';
import { validationError, type Geocoder } from '@nordlog/platform';
import express, { type Router } from 'express';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/**
 * Query `addressAutocomplete`: the order form's address input (spec §7 maps service: typed text,
 * country restriction, address type, 10 000 m radius, language from the country code), answered
 * through the geocoder port. A failed lookup is an empty list, never an error (spec §8).
 */
export const addressAutocomplete: QueryHandler<'addressAutocomplete'> = async (params, ctx) => {
  if (!ctx.geocoder) throw new AppError('SERVICE_UNAVAILABLE', 'No geocoder is configured');
  return ctx.geocoder.autocomplete({
    text: params.text,
    addressType: params.addressType,
    radius: params.radius,
    limit: params.limit,
    language: params.language ?? countryLanguage(params.countryCode),
    ...(params.countryCode ? { countryCode: params.countryCode } : {}),
    ...(params.near ? { near: params.near } : {}),
  });
};

/**
 * `GET /openapi/validate/postalCode?countryCode&postalCode` → `{isValid}` (spec §5, §7): the
 * country's format, and for the four markets a postal code that exists in the gazetteer.
 */
export function postalCodeRoute(geocoder: Geocoder | undefined): Router {
  const router = express.Router();
  router.get('/validate/postalCode', async (req, res) => {
    const parsed = postalCodeCheckSchema.safeParse(req.query);
    if (!parsed.success) throw validationError(parsed.error, 'query');
    const { countryCode, postalCode } = parsed.data;
    let isValid = isValidZipCodeFor(countryCode, postalCode);
    if (isValid && geocoder?.knowsPostalCode) {
      const known = await geocoder.knowsPostalCode(countryCode, postalCode);
      if (known !== null) isValid = known;
    }
    res.json({ isValid });
  });
  return router;
}

/**
 * Query `pinnedAddress` (issue 36): the department's pin of an address (a planner moved its pin on
 * the booking map before), or null. The booking form asks it before it takes a suggestion's
 * approximate point. A department outside the caller's access has no pins for them.
 */
export const pinnedAddress: QueryHandler<'pinnedAddress'> = async (params, ctx) => {
  const allowed = allowedDepartments(ctx.identity, [params.departmentId]);
  if (allowed !== '*' && allowed.length === 0) return null;
  const row = await ctx
    .knex(PINNED_ADDRESSES_TABLE)
    .where({ department_id: params.departmentId, key: pinKey(params) })
    .first<{ data: PinnedAddress } | undefined>('data');
  return row?.data ?? null;
};
