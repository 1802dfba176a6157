import { z } from 'zod';

/** The tracking link's key (0028): 128 random bits, base64url, 22 characters. */
export const TRACKING_ID_BYTES = 16;
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const trackingIdSchema = z.string().regex(TRACKING_ID_PATTERN, 'not a tracking id');
