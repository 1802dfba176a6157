import { z } from 'zod';
import { idList } from '../common.js';

/**
 * ERASE_PERSONAL_DATA (docs/decisions/0050-personal-data.md): a person's request to erase their
 * data (GDPR art. 17), for the orders it was found on. The orders stay, with their state, history
 * and invoicing; the names, phones, e-mails, street addresses, notes and exact points of their
 * parties read as erased everywhere, for good.
 */
export const erasePersonalDataSchema = z.object({ orderIds: idList });

export const privacyCommandSchemas = {
  ERASE_PERSONAL_DATA: erasePersonalDataSchema,
} as const;
