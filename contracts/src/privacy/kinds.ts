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

/**
 * Names of fields that may hold personal data, for the test that every such field of an event or
 * a read-model row is classified (personal, or not personal with a reason) in the inventory.
 */
export const PERSONAL_LOOKING =
  /(^|[a-z])(name|Name|phone|Phone|email|Email|mail|address|Address|contact|Contact|lat|lng|latitude|longitude|Lat|Lng|position|location|Location|comment|Comment|note|Note|instructions|Instructions|text|Text|reason|Reason|photo|Photo|signature|Signature|image|Image|info|Info|ref|Ref)$/;
