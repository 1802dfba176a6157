import { optimizingLockStream, optimizingStream, routeSuggestionStream } from '@nordlog/contracts';
import { target, type Target } from '../framework/decider.js';
import {
  lockDecider,
  runDecider,
  suggestionDecider,
  type LockCommand,
  type RunCommand,
  type SuggestionCommand,
} from './deciders.js';

/** The streams of optimising: a run, a department's lock, a department's suggestions of a day. */
export const runTarget = (id: string, command: RunCommand, isNew = false): Target =>
  target({ id, streamId: optimizingStream(id), decider: runDecider, command, isNew });

export const lockTarget = (departmentId: string, command: LockCommand): Target =>
  target({
    id: departmentId,
    streamId: optimizingLockStream(departmentId),
    decider: lockDecider,
    command,
  });

export const suggestionsTarget = (
  departmentId: string,
  date: string,
  command: SuggestionCommand,
): Target =>
  target({
    id: `${departmentId}-${date}`,
    streamId: routeSuggestionStream(departmentId, date),
    decider: suggestionDecider,
    command,
  });
