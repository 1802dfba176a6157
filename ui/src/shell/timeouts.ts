/** Spec §9 notification timeouts (ms). */
export const toastTimeouts = {
  /** A toast without its own timeout (confirmations). */
  default: 1_000,
  /** Errors and warnings, and the no-access notice (spec §6/§8: 10 s). */
  notice: 10_000,
  /** The shorter notices some screens use. */
  short: 5_000,
} as const;

/** Spec §7 confirmation toasts. */
export const confirmationTimeouts = {
  suggestedRouteApplied: 5_000,
  suggestedRouteCancelled: 3_000,
  correctionDecided: 1_000,
  durationsSet: 4_000,
} as const;

/** Spec §9 fetch retries. */
export const fetchRetries = 3;

/** The timeout of a toast: its own, else 10 s for errors and warnings, else the 1 s default. */
export function toastTimeout(
  type: string | undefined,
  own: number | null | undefined,
): number | null {
  if (own !== undefined) return own;
  return type === 'error' || type === 'warning' ? toastTimeouts.notice : toastTimeouts.default;
}
