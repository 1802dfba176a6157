import type { PersonalKind } from './kinds.js';

/** One group of an event's personal fields: where they sit, whose they are, whether sealed. */
export interface PersonalGroup {
  /**
   * Where the group's fields sit: `''` for the event's data, or an array whose every element is
   * one group (`pages[]`), e.g. a label's pages, each of its own order.
   */
  at: string;
  /** Whose data the fields are: one key per subject (subjects.ts), or null for nobody's. */
  subject(container: Readonly<Record<string, unknown>>, streamId: string): string | null;
  /** The fields (paths in the container, `a.b`) and their kinds. */
  fields: Readonly<Record<string, PersonalKind>>;
  /**
   * Whether the event store seals them now. False only where erasure needs more than sealing and
   * is not built yet (the reason is in `notSealedBecause`).
   */
  sealed: boolean;
  notSealedBecause?: string;
}

export interface EventPrivacy {
  personal: readonly PersonalGroup[];
  /** Fields that look personal and are not, each with the reason (paths in the data). */
  notPersonal?: Readonly<Record<string, string>>;
}
