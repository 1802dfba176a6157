import { AppError, type Webhook, type WebhookEvent } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * A customer's webhook (docs/decisions/0070-webhooks.md): created, changed, its secret rotated,
 * deleted once.
 */
export type WebhookEntity = Webhook;
export type WebhookState =
  | { status: 'none' }
  | { status: 'exists'; entity: WebhookEntity }
  | { status: 'deleted'; entity: WebhookEntity };

type Changes = Partial<Pick<Webhook, 'url' | 'events' | 'description' | 'enabled'>>;

export type WebhookCommand =
  | { type: 'create'; entity: WebhookEntity }
  | { type: 'update'; id: string; changes: Changes }
  /** `at`: when the new secret is made (the command's time). */
  | { type: 'rotate'; id: string; at: string }
  | { type: 'delete'; id: string }
  /** `replayId`: the new delivery's id. */
  | { type: 'replay'; id: string; messageId: string; replayId: string };

const missing = (id: string) => new AppError('NOT_FOUND', `Webhook ${id} not found`);

/** The changes that change something (a field equal to what it is is left out). */
function realChanges(entity: WebhookEntity, changes: Changes): Changes {
  const out: Changes = {};
  if (changes.url !== undefined && changes.url !== entity.url) out.url = changes.url;
  if (changes.events !== undefined && changes.events.join() !== entity.events.join())
    out.events = changes.events;
  if (changes.description !== undefined && changes.description !== entity.description)
    out.description = changes.description;
  if (changes.enabled !== undefined && changes.enabled !== entity.enabled)
    out.enabled = changes.enabled;
  return out;
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookCreated':
        return { status: 'exists', entity: event.data };
      case 'WebhookUpdated': {
        if (state.status !== 'exists') return state;
        const { id: _id, ...changes } = event.data;
        return { status: 'exists', entity: { ...state.entity, ...changes } };
      }
      case 'WebhookSecretRotated':
        return state.status === 'exists'
          ? {
              status: 'exists',
              entity: {
                ...state.entity,
                secretVersion: event.data.secretVersion,
                secretIssuedAt: event.data.secretIssuedAt,
              },
            }
          : state;
      case 'WebhookDeleted':
        return state.status === 'exists' ? { status: 'deleted', entity: state.entity } : state;
      case 'WebhookMessageReplayRequested':
        return state;
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
          throw new AppError('ALREADY_EXISTS', `Webhook ${command.entity.id} already exists`);
        return [{ type: 'WebhookCreated', data: command.entity }];
      case 'update': {
        if (state.status !== 'exists') throw missing(command.id);
        const changes = realChanges(state.entity, command.changes);
        return Object.keys(changes).length === 0
          ? []
          : [{ type: 'WebhookUpdated', data: { id: command.id, ...changes } }];
      }
      case 'rotate':
        if (state.status !== 'exists') throw missing(command.id);
        return [
          {
            type: 'WebhookSecretRotated',
            data: {
              id: command.id,
              secretVersion: state.entity.secretVersion + 1,
              secretIssuedAt: command.at,
            },
          },
        ];
      case 'delete':
        if (state.status === 'none') throw missing(command.id);
        return state.status === 'deleted'
          ? []
          : [{ type: 'WebhookDeleted', data: { id: command.id } }];
      case 'replay':
        if (state.status !== 'exists') throw missing(command.id);
        return [
          {
            type: 'WebhookMessageReplayRequested',
            data: { id: command.id, messageId: command.messageId, replayId: command.replayId },
          },
        ];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
