import type { MarketCountry } from '../common.js';
import type { ConsignmentState } from '../consignments/states.js';
import { z } from 'zod';

/**
 * How long after an order's work ended its parties' personal data is kept (GDPR art. 5(1)(e);
 * docs/decisions/0050-personal-data.md): 395 days (13 months) in each market. A claim against a
 * carrier must be made within a year (CMR art. 32; the Nordic road carriage acts follow it), and
 * a month more lets a claim made on the last day be handled. A department, and a customer within
 * it, may keep it shorter or longer (`personalDataRetentionDays`).
 */
export const DEFAULT_RETENTION_DAYS: Readonly<Record<MarketCountry, number>> = {
  NO: 395,
  SE: 395,
  DK: 395,
  FI: 395,
};

/**
 * How long a courier's exact positions are kept (docs/decisions/0050, addendum): 30 days. They serve
 * the live view of the day and the follow-up of a day's deliveries (a disputed delivery is raised
 * within weeks); an employee's movements are not kept longer than that purpose needs. After that
 * the day's positions read as their area (about a kilometre), everywhere.
 */
export const COURIER_POSITION_RETENTION_DAYS = 30;

/** A department's or a customer's own retention: 30 days to 10 years; null: the default. */
export const retentionDaysField = z
  .number()
  .int()
  .min(30, 'at least 30 days')
  .max(3650, 'at most 3650 days (10 years)')
  .nullable()
  .default(null);

/**
 * The states in which an order's work has ended, from its last change on: the retention runs from
 * then. An order still planned or under way keeps its data, whatever its age.
 */
export const RETENTION_STATES: readonly ConsignmentState[] = [
  'DELIVERED',
  'RETURNED',
  'DEVIATED',
  'REJECTED',
  'DELETED',
];

/** The days an order's parties' data is kept: the customer's, else the department's, else the country's. */
export function retentionDays(
  country: MarketCountry,
  department?: { personalDataRetentionDays?: number | null } | null,
  customer?: { personalDataRetentionDays?: number | null } | null,
): number {
  return (
    customer?.personalDataRetentionDays ??
    department?.personalDataRetentionDays ??
    DEFAULT_RETENTION_DAYS[country]
  );
}
