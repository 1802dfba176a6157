import type { Department, Identity, NewEvent } from '@nordlog/contracts';
import { silentLogger } from '@nordlog/platform';
import { fold, type Decider, type Target } from './decider.js';
import type { HandlerContext } from './handler.js';

/**
 * A handler's context over streams kept in memory, for unit tests of handlers: what a command
 * decides given these streams (no database). `departments` exist; ids count up from `firstId`.
 */
export function fakeContext(options: {
  identity: Identity;
  streams?: Record<string, NewEvent[]>;
  departments?: string[];
  firstId?: number;
}): HandlerContext & { streams: Record<string, NewEvent[]> } {
  const streams = options.streams ?? {};
  let next = options.firstId ?? 100;
  const departments = new Set(options.departments ?? []);
  const history = (id: string) => streams[id] ?? [];
  const versioned = <S>(
    streamId: string,
    decider: Pick<Decider<S, never, never>, 'initialState' | 'evolve'>,
  ) => ({
    state: fold(decider, history(streamId) as never[]),
    revision: history(streamId).length === 0 ? null : history(streamId).length - 1,
  });
  return {
    streams,
    commandId: 'command-1',
    repeatable: false,
    identity: options.identity,
    ids: { next: () => Promise.resolve(String(next++)) },
    numbers: () => Promise.reject(new Error('no number series in this test')),
    seriesFor: () => Promise.reject(new Error('no number series in this test')),
    readDepartment: (id) =>
      Promise.resolve(
        departments.has(id) ? ({ id, name: `Department ${id}` } as Department) : null,
      ),
    load: (streamId, decider) => Promise.resolve(fold(decider, history(streamId) as never[])),
    loadVersioned: (streamId, decider) => Promise.resolve(versioned(streamId, decider)),
    loadMany: (streamIds, decider) =>
      Promise.resolve(streamIds.map((id) => versioned(id, decider))),
    now: new Date('2026-11-24T10:00:00Z'),
    logger: silentLogger(),
  };
}

/**
 * What the executor would append for the targets, each decided on its stream's events in the
 * context (guard first): the events by stream. A refusal throws, as in the service.
 */
export function decideTargets(
  targets: Target[],
  streams: Record<string, NewEvent[]>,
): Record<string, NewEvent[]> {
  const out: Record<string, NewEvent[]> = {};
  for (const t of targets) {
    const state = fold(t.decider, (streams[t.streamId] ?? []) as never[]);
    t.guard?.(state);
    out[t.streamId] = t.decider.decide(t.command, state);
  }
  return out;
}
