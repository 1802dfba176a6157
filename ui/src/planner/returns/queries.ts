/**
 * The query-key head of the manage-returns lists (docs/decisions/0057-returns.md): registered
 * with the consignments and deviations entities (resources/registry), so a pushed change of an
 * order or of its deviation fetches the list again.
 */
export const MANAGE_RETURNS_KEY = 'manageReturns';
