import type { ErrorItem, ErrorType, UniqueKind } from '@nordlog/contracts';

/** A value an entity holds that no other entity may hold at the same time (docs/decisions/0013). */
export interface UniqueClaim {
  kind: UniqueKind;
  value: string;
  /** The refusal when another entity holds the value. */
  refusal: { errorType: ErrorType; description: string; params?: ErrorItem['params'] };
}
