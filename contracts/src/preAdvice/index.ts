import { createPreAdvicePolicySchema, deletePreAdvicePolicySchema } from './policies.js';
import {
  lockPreAdviceSchema,
  preAdviceManualAttemptSchema,
  sendPrePickupSmsSchema,
  unlockPreAdviceSchema,
} from './outcomes.js';

export * from './policies.js';
export * from './outcomes.js';
export * from './stopsAway.js';
export * from './wording.js';

/** Pre-advice's commands (docs/decisions/0062-pre-advice.md). */
export const preAdviceCommandSchemas = {
  CREATE_PRE_ADVICE_POLICY: createPreAdvicePolicySchema,
  DELETE_PRE_ADVICE_POLICY: deletePreAdvicePolicySchema,
  PRE_ADVICE_MANUAL_ATTEMPT: preAdviceManualAttemptSchema,
  SEND_PRE_PICKUP_SMS: sendPrePickupSmsSchema,
  LOCK_PRE_ADVICE: lockPreAdviceSchema,
  UNLOCK_PRE_ADVICE: unlockPreAdviceSchema,
} as const;
