import {
  PRE_ADVICE_TABLE,
  SLOTS_TABLE,
  preAdviceTriggerKey,
  stopsBeforeDeliveries,
  type PreAdviceRow,
  type RouteStop,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/** An order on a running route, with the stops the courier has still to make before its delivery. */
export interface StopsAwayCandidate {
  row: PreAdviceRow;
  key: string;
  stopsBefore: number;
}

/**
 * The STOPS_AWAY candidates of a pass (docs/decisions/0062, addendum): every order not yet decided
 * for STOPS_AWAY on a slot whose route is running (IN_PROGRESS), with the number of stops left
 * before its delivery, counted from the slot's stop order and the states the courier's reports
 * gave each consignment on it (`stopsBeforeDeliveries`). Whether it is sent now is its policy's
 * `stopsAway` (the job compares). A paused route waits; a finished delivery has no count.
 */
export async function stopsAwayCandidates(
  knex: Knex,
  earliest: string,
  limit: number,
): Promise<StopsAwayCandidate[]> {
  const waiting = knex(PRE_ADVICE_TABLE)
    .whereNotNull('slot_id')
    .where('delivery_date', '>=', earliest)
    .whereRaw(`not (('STOPS_AWAY-' || slot_id) = any(decided))`)
    .select('slot_id');
  const slots = await knex(SLOTS_TABLE)
    .where('deleted', false)
    .where('state', 'IN_PROGRESS')
    .whereIn('id', waiting)
    .orderBy('id')
    .select<{ id: string; stops: RouteStop[] | null }[]>('id', knex.raw(`data->'stops' as stops`));
  const out: StopsAwayCandidate[] = [];
  for (const slot of slots) {
    const stops = slot.stops ?? [];
    const ids = [...new Set(stops.flatMap((s) => ('consignmentId' in s ? [s.consignmentId] : [])))];
    if (ids.length === 0) continue;
    const rows = (
      await knex(PRE_ADVICE_TABLE).whereIn('id', ids).select<{ data: PreAdviceRow }[]>('data')
    ).map((r) => r.data);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const before = stopsBeforeDeliveries(stops, (id) => byId.get(id)?.state);
    for (const [orderId, stopsBefore] of before) {
      const row = byId.get(orderId);
      if (!row || String(row.slotId) !== String(slot.id) || row.deliveryDate < earliest) continue;
      const key = preAdviceTriggerKey('STOPS_AWAY', row);
      if (!row.decided.includes(key)) out.push({ row, key, stopsBefore });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
