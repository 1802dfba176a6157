import { AppError, validationMessages, type ValidationKey } from '@nordlog/contracts';

/** One refused field: its path in the payload, its message key, and what it was (optional). */
export interface FieldRefusal {
  field: string;
  key: ValidationKey;
  detail?: string;
}

/**
 * A 400 naming each refused field with its message key (docs/decisions/0015): the web app shows
 * the key in the user's language beside the field; the description is the key's English text
 * and what the field held.
 */
export const refusedFields = (issues: readonly FieldRefusal[]): AppError =>
  AppError.of(
    issues.map((i) => ({
      errorType: 'VALIDATION_ERROR' as const,
      description: `payload.${i.field}: ${validationMessages[i.key]}${i.detail ? ` (${i.detail})` : ''}`,
      params: { field: i.field, key: i.key },
    })),
  );

/** One refused field (`refusedFields` of one). */
export const refusedField = (field: string, key: ValidationKey, detail?: string): AppError =>
  refusedFields([{ field, key, ...(detail ? { detail } : {}) }]);
