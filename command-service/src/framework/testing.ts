import { expect } from '@jest/globals';
import { AppError, type ErrorType, type NewEvent } from '@nordlog/contracts';
import { fold, type Decider } from './decider.js';

/**
 * Given events / when command / then events (EventSourcing.NodeJS `samples/decider/src/testing`).
 *
 * @example
 *   given(orderDecider, [created]).when({ type: 'DELETE' }).then([{ type: 'OrderDeleted', data }]);
 */
export function given<S, C, E extends NewEvent>(decider: Decider<S, C, E>, events: E[] = []) {
  const state = fold(decider, events);
  return {
    when(command: C) {
      const run = () => decider.decide(command, state);
      return {
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        thenEmits(types: E['type'][]) {
          expect(run().map((e) => e.type)).toEqual(types);
          return run();
        },
        thenNothing() {
          expect(run()).toEqual([]);
        },
        thenRefuses(errorType: ErrorType) {
          let error: unknown = null;
          try {
            run();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).items[0]!.errorType).toBe(errorType);
        },
      };
    },
  };
}
