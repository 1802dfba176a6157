import {
  OPTIMIZING_RUNS_TABLE,
  RUN_PROGRESS_MS,
  SYSTEM_IDENTITY,
  optimizingStream,
  AppError,
  type EventMetadata,
  type OptimizingDay,
  type OptimizingOutcome,
  type OptimizingRun,
  type RouteOptimizer,
  type RunLease,
  type RunProgress,
} from '@nordlog/contracts';
import { hostname } from 'node:os';
import { preparedQuery, type EventStore, type Knex, type Logger } from '@nordlog/platform';
import { fold } from '../framework/decider.js';
import { atomic, executeAtomic, executeTargets, type AtomicTargets } from '../framework/execute.js';
import { runDecider } from './deciders.js';
import { lockTarget, runTarget, suggestionsTarget } from './targets.js';

export const OPTIMIZING_DOCUMENTS_TABLE = 'optimizing_documents';

/** The runs some runner carries (or carried until it died). */
const RUNNING_RUNS_SQL = `select id::text as id from ${OPTIMIZING_RUNS_TABLE} where state = 'RUNNING'`;

/** Whether a process of this host is alive (signal 0 tests it; EPERM: alive, another user's). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The runs waiting for a runner, oldest first; polled every 100 ms, so prepared. */
const REQUESTED_RUNS_SQL = `select id::text as id from ${OPTIMIZING_RUNS_TABLE}
  where state = 'REQUESTED' order by id limit $1`;

export interface RunnerDeps {
  store: EventStore;
  knex: Knex;
  optimizer: RouteOptimizer;
  /** The day a run plans, read from the read models (the query service's `readDay`). */
  readDay: (run: OptimizingRun) => Promise<OptimizingDay>;
  logger: Logger;
  /** Waits until every projection has passed a global position (read-your-writes). */
  waitForPosition: (position: string, timeoutMs: number) => Promise<unknown>;
  /** Runs taken at once (the optimizer's pool may queue more than it runs). */
  concurrency: number;
  pollMs?: number;
  clock?: () => Date;
  /** This runner's lease on the runs it starts (default: this host and process). */
  lease?: RunLease;
}

interface Active {
  run: OptimizingRun;
  cancel: () => void;
  done: Promise<void>;
}

/**
 * Takes requested runs and carries them through (docs/decisions/0026): reads the day once the
 * projections have passed the request, marks the run started with what it was given, solves in
 * the optimizer's worker pool while appending progress every RUN_PROGRESS_MS, and ends it. Its
 * completion, the department's lock and the suggested routes are one append, which a cancelled
 * run refuses, so a cancelled run leaves nothing behind. Several runners may poll one store: the
 * start append decides which takes a run.
 */
export class OptimizingRunner {
  private readonly active = new Map<string, Active>();
  /**
   * Runs this runner is taking: from before their start event (which names this process as the
   * runner) until they are in `active`. The take-over must not take them for a predecessor's.
   */
  private readonly taking = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private stopped = false;
  private readonly clock: () => Date;
  private readonly lease: RunLease;
  /** Resolves once the runs of this host's dead runners are taken over (see `start`). */
  ready: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RunnerDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.lease = deps.lease ?? { host: hostname(), pid: process.pid };
  }

  /**
   * Polls for requested runs; first fails, at once, the runs a dead runner of this host held
   * (SIGKILLed, crashed), so their departments' locks are free without waiting for the heartbeat
   * to expire (issue 36). Runs of other hosts are left to that expiry.
   */
  start(): void {
    this.ready = this.takeOverDead().then(
      () => undefined,
      (err: unknown) =>
        this.deps.logger.warn({ err }, 'optimizing: taking over the runs of dead runners failed'),
    );
    this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? 100);
    this.timer.unref();
  }

  /** Whether the lease is of a runner of this host that is gone (its process is not alive). */
  private deadHere(lease: RunLease | null | undefined): boolean {
    if (!lease || lease.host !== this.lease.host) return false;
    // Our own pid (the caller skips the runs this runner carries): a predecessor that had it,
    // as a container restarted as pid 1 has.
    if (lease.pid === this.lease.pid) return true;
    return !processAlive(lease.pid);
  }

  /**
   * Fails the runs that dead runners of this host held; how many. Run at start and, as the job
   * OPTIMIZING_TAKE_OVER, every minute (a sibling process of this host that died).
   */
  async takeOverDead(): Promise<number> {
    let taken = 0;
    const rows = await preparedQuery<{ id: string }>(this.deps.knex, RUNNING_RUNS_SQL, []);
    for (const { id } of rows) {
      if (this.active.has(id) || this.taking.has(id)) continue;
      const events = await this.deps.store.readStream(optimizingStream(id));
      const run = fold(runDecider, events as never[]);
      if (!run || run.state !== 'RUNNING' || !this.deadHere(run.runner)) continue;
      this.deps.logger.warn(
        { runId: id, runner: run.runner },
        'optimizing: the run lost its worker (its process ended); failed at start',
      );
      await this.fail(run, events[0]!.metadata.correlationId, [
        'The run stopped: the process carrying it ended, and it was taken over at restart',
      ]);
      taken++;
    }
    return taken;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const a of this.active.values()) a.cancel();
    await Promise.allSettled([...this.active.values()].map((a) => a.done));
  }

  /** Runs this runner is carrying now. */
  get running(): string[] {
    return [...this.active.keys()];
  }

  private metadata(run: OptimizingRun, correlationId: string): EventMetadata {
    return {
      commandId: crypto.randomUUID(),
      correlationId,
      causationId: `optimizing-${run.id}`,
      userId: SYSTEM_IDENTITY.userId,
      occurredAt: this.clock().toISOString(),
    };
  }

  async poll(): Promise<void> {
    if (this.polling || this.stopped || this.active.size >= this.deps.concurrency) return;
    this.polling = true;
    try {
      const rows = await preparedQuery<{ id: string }>(this.deps.knex, REQUESTED_RUNS_SQL, [
        this.deps.concurrency,
      ]);
      for (const { id } of rows) {
        if (this.active.size >= this.deps.concurrency || this.stopped) break;
        if (!this.active.has(id)) await this.take(id);
      }
    } catch (err) {
      this.deps.logger.warn({ err }, 'optimizing: polling for runs failed');
    } finally {
      this.polling = false;
    }
  }

  private async take(id: string): Promise<void> {
    this.taking.add(id);
    try {
      await this.startRun(id);
    } finally {
      this.taking.delete(id);
    }
  }

  private async startRun(id: string): Promise<void> {
    const events = await this.deps.store.readStream(optimizingStream(id));
    const run = fold(runDecider, events as never[]);
    if (!run || run.state !== 'REQUESTED') return;
    const requested = events[0]!;
    const correlationId = requested.metadata.correlationId;
    const logger = this.deps.logger.child({ runId: id, department: run.departmentId });
    await this.deps.waitForPosition(requested.global.position, 10_000).catch(() => undefined);
    let prepared;
    try {
      prepared = await this.deps.optimizer.prepare(await this.deps.readDay(run));
    } catch (err) {
      logger.error({ err }, 'optimizing: the run could not be prepared');
      await this.fail(run, correlationId, [
        `The run could not be prepared: ${(err as Error).message}`,
      ]);
      return;
    }
    const started = await executeTargets(
      this.deps.store,
      [
        runTarget(id, {
          type: 'start',
          at: this.clock().toISOString(),
          problem: prepared.problem,
          runner: this.lease,
        }),
      ],
      this.metadata(run, correlationId),
      false,
    );
    // Another runner took it, or it was cancelled while waiting.
    if (started.status !== 200) return;
    await this.saveDocument(id, 'request', prepared.request);
    logger.info(
      { problem: { ...prepared.problem, excludedConsignments: undefined } },
      'optimizing: started',
    );
    // Progress goes out every RUN_PROGRESS_MS whatever the solver is doing (the socket's
    // progress bar, and the sign of life that keeps the run from being taken as abandoned): the
    // latest figures the worker reported, with the time since the run started.
    const began = performance.now();
    let latest: RunProgress | null = null;
    let sending = false;
    let refused = false;
    const solving = prepared.solve((progress: RunProgress) => {
      const first = latest === null;
      latest = progress;
      if (first) beat();
    });
    const beat = () => {
      if (sending || refused || latest === null) return;
      sending = true;
      const progress = { ...latest, elapsedMs: Math.round(performance.now() - began) };
      void executeTargets(
        this.deps.store,
        [runTarget(id, { type: 'progress', at: this.clock().toISOString(), progress })],
        this.metadata(run, correlationId),
        false,
      )
        .then((r) => {
          // Refused: the run was cancelled (or failed) meanwhile; the worker stops.
          if (r.status !== 200) {
            refused = true;
            solving.cancel();
          }
        })
        .catch((err: unknown) => logger.warn({ err }, 'optimizing: progress not recorded'))
        .finally(() => (sending = false));
    };
    const heartbeat = setInterval(beat, RUN_PROGRESS_MS);
    const done = solving.result
      .then(
        (outcome) => this.finish(run, correlationId, outcome, logger),
        async (err: unknown) => {
          logger.error({ err }, 'optimizing: the solver failed');
          await this.fail(run, correlationId, [(err as Error).message]);
        },
      )
      .catch((err: unknown) => logger.error({ err }, 'optimizing: the run could not be ended'))
      .finally(() => {
        clearInterval(heartbeat);
        this.active.delete(id);
      });
    this.active.set(id, { run, cancel: () => solving.cancel(), done });
  }

  private async finish(
    run: OptimizingRun,
    correlationId: string,
    outcome: OptimizingOutcome,
    logger: Logger,
  ): Promise<void> {
    await this.saveDocument(run.id, 'response', outcome.response);
    if (this.stopped && outcome.cancelled) {
      await this.fail(run, correlationId, ['The service stopped while the run was going']);
      return;
    }
    if (outcome.errors.length > 0) {
      await this.fail(run, correlationId, outcome.errors);
      return;
    }
    const at = this.clock().toISOString();
    const result = await this.persist(
      atomic([
        runTarget(run.id, { type: 'complete', at, result: outcome.result }),
        lockTarget(run.departmentId, {
          type: 'release',
          departmentId: run.departmentId,
          runId: run.id,
        }),
        ...(outcome.suggestions.length > 0
          ? [
              suggestionsTarget(run.departmentId, run.date, {
                type: 'suggest',
                suggestions: outcome.suggestions.map((s) => ({
                  ...s,
                  createdBy: run.requestedBy,
                  createdAt: at,
                })),
              }),
            ]
          : []),
      ]),
      this.metadata(run, correlationId),
    );
    if (result.status === 200)
      logger.info(
        { result: { ...outcome.result, unplaced: outcome.result.unplaced.length } },
        'optimizing: completed',
      );
    else logger.info('optimizing: ended without effect (the run was cancelled)');
  }

  private async fail(run: OptimizingRun, correlationId: string, errors: string[]): Promise<void> {
    await this.persist(
      atomic([
        runTarget(run.id, { type: 'fail', at: this.clock().toISOString(), errors }),
        lockTarget(run.departmentId, {
          type: 'release',
          departmentId: run.departmentId,
          runId: run.id,
        }),
      ]),
      this.metadata(run, correlationId),
    );
  }

  /** An atomic append, decided again when it loses a race (a planner's cancel, the last progress). */
  private async persist(targets: AtomicTargets, metadata: EventMetadata) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await executeAtomic(this.deps.store, targets, metadata, false);
      } catch (err) {
        const conflict =
          err instanceof AppError && err.items[0]!.errorType === 'CONCURRENCY_CONFLICT';
        if (!conflict || attempt >= 5) throw err;
      }
    }
  }

  private async saveDocument(runId: string, kind: string, body: unknown): Promise<void> {
    await this.deps
      .knex(OPTIMIZING_DOCUMENTS_TABLE)
      .insert({ run_id: runId, kind, body: JSON.stringify(body) })
      .onConflict(['run_id', 'kind'])
      .merge();
  }
}
