import type { RouteSuggestion } from './suggestions.js';
import type { RunProblem, RunProgress, RunResult } from './runs.js';
import type { OptimizingDay } from './scope.js';

/** What a finished solve answers: the suggested routes, the figures, and errors that fail the run. */
export interface OptimizingOutcome {
  cancelled: boolean;
  /** Suggestions without who and when (the runner adds them). */
  suggestions: Omit<RouteSuggestion, 'createdBy' | 'createdAt'>[];
  result: RunResult;
  /** Non-empty: the run fails with these (spec §8 optimiser errors). */
  errors: string[];
  /** The plan as the solver answered it (kept as the run's response document). */
  response: unknown;
}

/** A run whose problem is built: what it was given, and the solve that can start. */
export interface PreparedRun {
  problem: RunProblem;
  /** The problem as sent to the solver (the run's request document), without the matrices. */
  request: unknown;
  solve(onProgress: (p: RunProgress) => void): {
    result: Promise<OptimizingOutcome>;
    cancel(): void;
  };
}

/**
 * The route optimiser as the command side's runner sees it (docs/decisions/0026): the optimizer
 * package implements it, in worker threads; the composition root wires one into the other.
 */
export interface RouteOptimizer {
  prepare(day: OptimizingDay): Promise<PreparedRun>;
  close(): Promise<void>;
}
