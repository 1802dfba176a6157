/**
 * What kind of personal data a field holds (GDPR art. 4(1)): the inventory (inventory.ts) names
 * one for every personal field, and the kind says what the field reads as once erased.
 */
export const personalKinds = [
  /** A person's name, or the name on an address block (a private recipient's name). */
  'name',
  'phone',
  'email',
  /** A street address (the postal code and area alone are not: they name an area). */
  'address',
  /** A point on the map that places a person (an address's coordinates, a courier's position). */
  'position',
  /** Text people type about people: notes, instructions, comments, reasons in their own words. */
  'freeText',
  /** A reference a person is known by in another system (the recipient's reference). */
  'identifier',
  /** A signature or a photo (proof of delivery). */
  'image',
] as const;
export type PersonalKind = (typeof personalKinds)[number];

/** What an erased text field reads as: valid wherever the field was (a name stays non-empty). */
export const ERASED_TEXT = '[erased]';

/**
 * The value a personal field holds in the stored (sealed) event and reads as after erasure,
 * worked out from the value itself when it is sealed (positions keep about a kilometre, so a
 * route and its distances stay roughly where they were; nothing in them places a house).
 * Empty values stay empty: an erased order shows which fields were never filled in.
 */
export function erasedValue(kind: PersonalKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  switch (kind) {
    case 'phone':
    case 'email':
    case 'identifier':
    case 'image':
      return typeof value === 'string' ? '' : null;
    case 'position':
      return typeof value === 'number' ? Math.round(value * 100) / 100 : null;
    case 'name':
    case 'address':
    case 'freeText':
      return typeof value === 'string' ? ERASED_TEXT : null;
  }
}

/** The words of a field's name that say it may hold personal data. */
const personalWords = new Set([
  'name',
  'phone',
  'email',
  'mail',
  'address',
  'contact',
  'person',
  'recipient',
  'lat',
  'lng',
  'latitude',
  'longitude',
  'position',
  'location',
  'comment',
  'note',
  'instructions',
  'text',
  'reason',
  'photo',
  'signature',
  'image',
  'info',
  'ref',
]);

/**
 * Whether a field's name looks like personal data (a word of it, camelCase split, is one of the
 * words above): for the tests that every such field of an event or a read-model row is
 * classified, as personal or as not personal with a reason, in the inventory.
 */
export function looksPersonal(field: string): boolean {
  return field.split(/(?=[A-Z])|_/).some((word) => personalWords.has(word.toLowerCase()));
}
