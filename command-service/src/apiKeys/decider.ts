import { AppError, type ApiKeyEvent } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * An API key's stream (docs/decisions/0069-api-keys.md): created once for a customer, rotated any
 * number of times while active (each rotation a new secret's hash), revoked once for good.
 *
 * | state   | create          | rotate      | revoke      |
 * |---------|-----------------|-------------|-------------|
 * | none    | ApiKeyCreated   | NOT_FOUND   | NOT_FOUND   |
 * | active  | ALREADY_EXISTS  | ApiKeyRotated | ApiKeyRevoked |
 * | revoked | ALREADY_EXISTS  | INVALID_STATE_TRANSITION | nothing (already) |
 */
export type ApiKeyState =
  | { status: 'none' }
  | { status: 'active'; customerId: string }
  | { status: 'revoked'; customerId: string };

/** The hash comes from the handler (the secret's randomness is I/O); the decider only keeps it. */
export type ApiKeyCommand =
  | { type: 'create'; id: string; customerId: string; label: string; hash: string }
  | { type: 'rotate'; id: string; hash: string }
  | { type: 'revoke'; id: string };

const notFound = (id: string) => new AppError('NOT_FOUND', `API key ${id} not found`);

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { status: 'active', customerId: event.data.customerId };
      case 'ApiKeyRotated':
        return state;
      case 'ApiKeyRevoked':
        return state.status === 'none'
          ? state
          : { status: 'revoked', customerId: state.customerId };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create':
        if (state.status !== 'none')
          throw new AppError('ALREADY_EXISTS', `API key ${command.id} exists`);
        return [
          {
            type: 'ApiKeyCreated',
            data: {
              id: command.id,
              customerId: command.customerId,
              label: command.label,
              hash: command.hash,
            },
          },
        ];
      case 'rotate':
        if (state.status === 'none') throw notFound(command.id);
        if (state.status === 'revoked')
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `API key ${command.id} is revoked; create a new one`,
          );
        return [{ type: 'ApiKeyRotated', data: { id: command.id, hash: command.hash } }];
      case 'revoke':
        if (state.status === 'none') throw notFound(command.id);
        if (state.status === 'revoked') return [];
        return [{ type: 'ApiKeyRevoked', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
