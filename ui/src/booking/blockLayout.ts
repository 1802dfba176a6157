import { orderTextLimits } from '@nordlog/contracts';
import type { BlockValues } from './formModel';

/** How one field of a pickup or delivery block is drawn. */
export interface BlockFieldSpec {
  name: keyof BlockValues;
  /** Columns of 12. */
  size: number;
  /** Editing it moves the place: the point found for the old one is dropped. */
  moves?: true;
  type?: 'tel' | 'email';
  /** A choice of the address countries. */
  countries?: true;
  /** Longest text (the schema's limit), several lines. */
  multiline?: number;
}

/**
 * The fields of a block from the name to the pickup point, as the order form and the address
 * book (docs/decisions/0061) both lay them out: the same place is typed the same way in both.
 */
export const blockFieldLayout: readonly BlockFieldSpec[] = [
  { name: 'name', size: 12 },
  { name: 'address', size: 12, moves: true },
  { name: 'zipCode', size: 4, moves: true },
  { name: 'zipArea', size: 8, moves: true },
  { name: 'countryCode', size: 12, moves: true, countries: true },
  { name: 'phone', size: 6, type: 'tel' },
  { name: 'secondPhone', size: 6, type: 'tel' },
  { name: 'email', size: 6, type: 'email' },
  { name: 'contactPerson', size: 6 },
  { name: 'instructions', size: 8, multiline: orderTextLimits.instructions },
  { name: 'pupUnitId', size: 4 },
];
