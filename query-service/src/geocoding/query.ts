import {
  AppError,
  countryLanguage,
  isValidZipCodeFor,
  postalCodeCheckSchema,
} from '@nordlog/contracts';
import { validationError, type Geocoder } from '@nordlog/platform';
import express, { type Router } from 'express';
import type { QueryHandler } from '../framework.js';

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
