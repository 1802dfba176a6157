import { START, type GlobalPosition } from '@nordlog/contracts';
import { relaySources, type RelaySource } from '@nordlog/platform';

/**
 * `--replay-from <transactionId:position | start> [--sources events,changes]`: before publishing,
 * set the checkpoints back, so the relay publishes again from there (consumers de-duplicate by
 * the `message-id` header).
 */
export function replayArguments(
  args: readonly string[],
): { from: GlobalPosition; sources: RelaySource[] } | null {
  const at = args.indexOf('--replay-from');
  if (at < 0) return null;
  const value = args[at + 1] ?? '';
  const match = /^(\d+):(\d+)$/.exec(value);
  if (!match && value !== 'start')
    throw new Error('--replay-from takes transactionId:position (e.g. 1234:567) or "start"');
  const s = args.indexOf('--sources');
  const sources = (s >= 0 ? (args[s + 1] ?? '').split(',') : [...relaySources]).filter(
    (x): x is RelaySource => (relaySources as readonly string[]).includes(x),
  );
  if (sources.length === 0) throw new Error('--sources takes events, changes or both');
  return {
    from: match ? { transactionId: match[1]!, position: match[2]! } : START,
    sources,
  };
}
