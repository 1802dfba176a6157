import {
  CHANGES_CHANNEL,
  pruneChanges,
  type EventStore,
  type Knex,
  type Logger,
  type Notifier,
} from '@nordlog/platform';
import type { Projection } from './framework/projection.js';
import { runProjections } from './framework/runner.js';
import { projections as allProjections } from './projections.js';

export interface ProjectorDeps {
  knex: Knex;
  store: EventStore;
  notifier: Notifier;
  logger: Logger;
  projections?: Projection[];
  /** Wait after a wake-up so one batch covers many commands (default 5 ms). */
  coalesceMs?: number;
  /** How long outbox rows are kept for readers that fell behind. */
  outboxRetentionMs?: number;
}

export interface Projector {
  start(): void;
  stop(): Promise<void>;
  /**
   * A CPU profile of the thread the projector runs on (benchmarks: `bench:spine -- --profile`):
   * `start` begins one, `stop` ends it and returns it (V8's .cpuprofile JSON). Only the
   * worker-thread projector has one; an in-process projector is profiled with its process.
   */
  cpuProfile?: { start(): Promise<void>; stop(): Promise<unknown> };
}

/** Keeps every read model caught up with the event store: one loop, one transaction per batch. */
export function createProjector(deps: ProjectorDeps): Projector {
  // A signal per start: a projector stopped (a rebuild, a test) starts again, as a new worker does.
  let abort: AbortController | null = null;
  let running: Promise<void> = Promise.resolve();
  const retention = deps.outboxRetentionMs ?? 15 * 60_000;
  let pruneTimer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (abort) return;
      const run = new AbortController();
      abort = run;
      // One signal per committed batch: paced by the batches themselves, so no interval
      // (Notifier.notify says why one would only delay it).
      const onPublished = () => deps.notifier.notify(CHANGES_CHANNEL, { minIntervalMs: 0 });
      running = runProjections(
        { ...deps, onPublished, coalesceMs: deps.coalesceMs ?? 5 },
        deps.projections ?? allProjections,
        run.signal,
      );
      pruneTimer = setInterval(() => {
        pruneChanges(deps.knex, retention).catch((err: unknown) =>
          deps.logger.warn({ err }, 'outbox pruning failed'),
        );
      }, 60_000);
      pruneTimer.unref();
    },
    async stop() {
      clearInterval(pruneTimer);
      abort?.abort();
      abort = null;
      await running;
    },
  };
}
