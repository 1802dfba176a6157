import { REFETCH } from '../../live/applyChanges';

/**
 * The query-key head of the recurring-order screens (docs/decisions/0058): registered with the
 * recurring entities (resources/registry), so a pushed change fetches the lists again.
 */
export const RECURRING_KEY = 'recurring';

export const recurringKey = (...rest: unknown[]) => [RECURRING_KEY, REFETCH, ...rest];

/** Order ids and shipment numbers (17 digits) as a planner types them, each once. */
export function parseOrderRefs(text: string): { ids: string[]; shipments: string[] } {
  const words = [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
  return {
    ids: words.filter((w) => /^[1-9]\d{0,15}$/.test(w)),
    shipments: words.filter((w) => /^\d{17}$/.test(w)),
  };
}

/** Words that are neither an order id nor a shipment number. */
export const badOrderRefs = (text: string): string[] =>
  text.split(/[\s,;]+/).filter((w) => w && !/^[1-9]\d{0,15}$/.test(w) && !/^\d{17}$/.test(w));
