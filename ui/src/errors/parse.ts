import type { Translate } from '../i18n/translator';

/** One error as the UI shows it (spec §8). */
export interface UiError {
  errorType?: string;
  description?: string;
  params?: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : undefined;

/**
 * Spec §8 "Error bodies": a non-OK answer becomes a list of errors.
 * 1. an array of items with errorType or description;
 * 2. an object with an `errors` array, used as it is;
 * 3. an object with `structuredErrorMessage` and `details`, each translated by `errors.{errorType}`;
 * 4. anything else: "HTTP {status} {status text}".
 */
export function parseErrorBody(body: unknown, status: number, statusText: string): UiError[] {
  if (Array.isArray(body) && body.some((i) => isRecord(i) && (i.errorType || i.description))) {
    return body.filter(isRecord).map(toError);
  }
  if (isRecord(body) && Array.isArray(body.errors)) {
    return body.errors.map((e) => (isRecord(e) ? toError(e) : { description: String(e) }));
  }
  if (isRecord(body) && 'structuredErrorMessage' in body) {
    const details = Array.isArray(body.details) ? body.details.filter(isRecord).map(toError) : [];
    const head = isRecord(body.structuredErrorMessage)
      ? [toError(body.structuredErrorMessage)]
      : text(body.structuredErrorMessage)
        ? [{ description: text(body.structuredErrorMessage) }]
        : [];
    return [...head, ...details];
  }
  return [{ description: `HTTP ${status} ${statusText}`.trim(), params: { status, statusText } }];
}

function toError(item: Record<string, unknown>): UiError {
  return {
    errorType: text(item.errorType),
    description: text(item.description),
    params: isRecord(item.params) ? item.params : undefined,
  };
}

/** The first body shape's own text rule: description, then errorType, then "Unknown error". */
export const itemText = (e: UiError, t: Translate): string =>
  e.description ?? e.errorType ?? t('errors.unknown');

/**
 * Spec §8 "Display": each error by its translated errorType when a translation exists, else its
 * description, else the type itself; with nothing parsed, a 400 or a server fallback.
 */
export function errorMessages(
  errors: UiError[],
  status: number,
  t: Translate,
  has: (key: string) => boolean,
): string[] {
  const messages = errors
    .map((e) => {
      // A field rule the server refused (docs/decisions/0015) says what is wrong in the user's
      // language, not only "some fields are not valid" (a form without that field, e.g. log-in).
      const rule = e.errorType === 'VALIDATION_ERROR' ? e.params?.key : undefined;
      if (typeof rule === 'string' && rule.startsWith('validation.') && has(rule)) return t(rule);
      if (e.errorType && has(`errors.${e.errorType}`)) {
        return t(`errors.${e.errorType}`, { ...e.params, _: e.description ?? e.errorType });
      }
      return e.description ?? e.errorType ?? '';
    })
    .filter((m) => m.length > 0);
  if (messages.length > 0) return messages;
  return [status === 400 ? t('errors.badRequest') : t('errors.server')];
}

/** Errors from the optimiser service carry a label in front (spec §8). */
export const optimizerMessages = (messages: string[], t: Translate): string[] =>
  messages.map((m) => `${t('errors.optimizer')}: ${m}`);

/** An HTTP failure with its parsed errors, thrown by the app's fetch helpers. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: UiError[],
    readonly body: unknown,
  ) {
    super(errors.map((e) => e.description ?? e.errorType).join('; ') || `HTTP ${status}`);
    this.name = 'HttpFailure';
  }
}

/**
 * The toast text of a failed call (spec §8: `errors.{errorType}` of the first body item, its
 * description as fallback), or `fallbackKey`'s text when the failure names no type.
 */
export function failureText(err: unknown, t: Translate, fallbackKey = 'errors.server'): string {
  const first = err instanceof HttpFailure ? err.errors[0] : undefined;
  return first?.errorType
    ? t(`errors.${first.errorType}`, { _: first.description ?? t(fallbackKey) })
    : t(fallbackKey);
}
