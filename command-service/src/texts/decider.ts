import {
  AppError,
  textIssues,
  validationMessages,
  type Issue,
  type Text,
  type TextChanges,
  type TextEvent,
  type TextFields,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import {
  sameValue,
  withChanges,
  withoutRecord,
  withRecord,
  type Records,
} from '../framework/records.js';

/**
 * The texts (docs/decisions/0081-services-and-texts.md): every text on one stream, so a key is
 * checked unique in its group in the append that claims it (no race between two creates).
 */
export interface TextsState {
  texts: Records<Text>;
}
export type TextsCommand =
  | { type: 'create'; id: string; fields: TextFields }
  | { type: 'update'; id: string; changes: TextChanges }
  | { type: 'delete'; id: string };

const refusal = (issues: Issue[]) =>
  AppError.of(
    issues.map((i) => {
      const field = i.path.map(String).join('.');
      return {
        errorType: 'VALIDATION_ERROR' as const,
        description: `payload.${field}: ${validationMessages[i.message]}`,
        params: { field, key: i.message },
      };
    }),
  );

/**
 * Refuses a text whose placeholders its group does not know (or, PRE_ADVICE, a key pre-advice does
 * not read: 0100), or whose key another text has.
 */
function assertValid(text: Text, state: TextsState) {
  const issues = textIssues(text);
  if (issues.length > 0) throw refusal(issues);
  const other = Object.values(state.texts).find(
    (t) => t.id !== text.id && t.group === text.group && t.key === text.key,
  );
  if (other)
    throw AppError.of([
      {
        errorType: 'ALREADY_EXISTS',
        description: `payload.key: ${validationMessages['validation.textKeyTaken']} (${text.group} ${text.key} is text ${other.id})`,
        params: { field: 'key', key: 'validation.textKeyTaken' },
      },
    ]);
}

export const textsDecider: Decider<TextsState, TextsCommand, TextEvent> = {
  initialState: { texts: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'TextCreated':
        return { texts: withRecord(state.texts, event.data.id, event.data) };
      case 'TextUpdated':
        return { texts: withChanges(state.texts, event.data.id, event.data.changes) };
      case 'TextDeleted':
        return { texts: withoutRecord(state.texts, event.data.id) };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create': {
        const text: Text = { id: command.id, ...command.fields };
        assertValid(text, state);
        return [{ type: 'TextCreated', data: text }];
      }
      case 'update': {
        const current = state.texts[command.id];
        if (!current) throw new AppError('NOT_FOUND', `Text ${command.id} not found`);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([k, v]) => v !== undefined && !sameValue(v, current[k as keyof Text]),
          ),
        ) as TextChanges;
        if (Object.keys(changes).length === 0) return [];
        assertValid({ ...current, ...changes }, state);
        return [{ type: 'TextUpdated', data: { id: command.id, changes } }];
      }
      case 'delete':
        if (!state.texts[command.id])
          throw new AppError('NOT_FOUND', `Text ${command.id} not found`);
        return [{ type: 'TextDeleted', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
