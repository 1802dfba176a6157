/**
 * The one error vocabulary (spec §8): every non-OK answer is an array of
 * `{errorType, description}` items. Each errorType has exactly one HTTP status.
 */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  NOT_LOGGED_IN: 401,
  INVALID_TOKEN: 401,
  INVALID_PASSWORD: 401,
  PASSWORD_REQUIRED: 401,
  NO_ACCESS: 403,
  /** A courier user whose canLogIn is off (spec §3) tried to log in. */
  LOGIN_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  UNKNOWN_COMMAND: 404,
  UNKNOWN_QUERY: 404,
  ORDER_NOT_FOUND: 404,
  NO_CONSIGNMENTS_FOUND: 404,
  CONCURRENCY_CONFLICT: 409,
  INVALID_STATE_TRANSITION: 409,
  ALREADY_EXISTS: 409,
  /** A commandId sent before by another user or for another command. */
  COMMAND_ID_TAKEN: 409,
  /** Another user has this phone number (docs/decisions/0013). */
  PHONE_NUMBER_TAKEN: 409,
  /** Another user has this e-mail address (docs/decisions/0013). */
  EMAIL_TAKEN: 409,
  /** A number series whose range overlaps one that exists (or one retired after use). */
  RANGE_OVERLAP: 409,
  NUMBER_SERIES_EXHAUSTED: 409,
  /** No GSIN or SSCC series applies to the order's department (docs/decisions/0015). */
  NUMBER_SERIES_MISSING: 409,
  /** An order without a shipment id or package ids (unconfirmed, rejected, deleted) has no labels. */
  LABEL_NOT_PRINTABLE: 409,
  /** A slot over its unit's package, weight or volume capacity (the planner may force it). */
  CAPACITY_EXCEEDED: 409,
  /** A department has an optimising run going: one at a time (docs/decisions/0026). */
  OPTIMIZING_RUNNING: 409,
  /** The personal data of an order's parties was erased: it cannot be set again (0050). */
  PERSONAL_DATA_ERASED: 409,
  UNKNOWN_CONSIGNMENT_STATE: 422,
  PAYLOAD_TOO_LARGE: 413,
  /** A body in a character set or content encoding the product does not read (UTF-8 JSON only). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A webhook URL whose host is a private, loopback, link-local or metadata address (0070). */
  WEBHOOK_ADDRESS_REFUSED: 400,
  /** A webhook's secret is read only just after it was made or rotated (0070). */
  SECRET_NO_LONGER_SHOWN: 409,
  /** Something still refers to it (a customer's orders, users, hooks…; docs/decisions/0099). */
  IN_USE: 409,
  TOO_MANY_REQUESTS: 429,
  /** A tracking link's answers after the shipment was delivered, returned or cancelled (0063). */
  TRACKING_EXPIRED: 410,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorType = keyof typeof errorStatus;

export interface ErrorItem {
  errorType: ErrorType;
  description: string;
  /** Values a translation of `errors.{errorType}` may interpolate. */
  params?: Record<string, string | number>;
}

/** A failure the domain or a service means to report to the caller as spec §8 body. */
export class AppError extends Error {
  readonly items: ErrorItem[];
  /** Whole seconds the caller should wait before trying again: the answer's `Retry-After`. */
  retryAfterSeconds?: number;
  constructor(errorType: ErrorType, description: string, params?: ErrorItem['params']) {
    super(description);
    this.name = 'AppError';
    this.items = [params ? { errorType, description, params } : { errorType, description }];
  }
  get status(): number {
    return errorStatus[this.items[0]!.errorType];
  }
  /** The same error, telling the caller to try again after `ms` (rounded up to a second). */
  retryAfter(ms: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
    return this;
  }
  static of(items: ErrorItem[]): AppError {
    const first = items[0] ?? {
      errorType: 'INTERNAL_ERROR' as const,
      description: 'Unknown error',
    };
    const error = new AppError(first.errorType, first.description, first.params);
    error.items.splice(0, 1, ...items);
    return error;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Spec §4/§8: the message raised for a consignment state the product does not know. */
export const UNKNOWN_CONSIGNMENT_STATE_MESSAGE = 'Unknown consignment state';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const NO_CONSIGNMENTS_FOUND_MESSAGE = 'No consignments found';
