import {
  AppError,
  cmsEffectiveState,
  cmsPublicationIssue,
  validationMessages,
  type CmsEvent,
  type CmsItem,
  type CmsKind,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * A content item (docs/decisions/0077-content.md): one stream per item. Its publication is checked
 * against the decision time: SCHEDULED needs a `publishFrom` in the future; PUBLISHED starts now
 * (a `publishFrom` later than now is SCHEDULED, not PUBLISHED); a `publishTo` is after both `now`
 * and `publishFrom`. An update is checked as the item it makes, so nothing half-valid is kept.
 */
export type CmsItemState =
  { status: 'none' } | { status: 'exists'; item: CmsItem } | { status: 'deleted' };

export type CmsFields = Omit<CmsItem, 'id' | 'kind'>;
export type CmsCommand =
  | {
      type: 'create';
      id: string;
      kind: CmsKind;
      fields: Omit<CmsFields, 'publishFrom' | 'publishTo'> &
        Partial<Pick<CmsFields, 'publishFrom' | 'publishTo'>>;
      now: Date;
    }
  | { type: 'update'; id: string; kind: CmsKind; changes: Partial<CmsFields>; now: Date }
  | { type: 'delete'; id: string; kind: CmsKind };

/** The item as it will be kept: the shared publication rules checked at `now`. */
function publication(item: CmsItem, now: Date, changed: boolean): CmsItem {
  const issue = cmsPublicationIssue(item, now, changed);
  if (issue)
    throw new AppError(
      'VALIDATION_ERROR',
      `payload.${issue.field}: ${validationMessages[issue.key]}`,
      { field: issue.field, key: issue.key },
    );
  const publishFrom =
    item.state === 'PUBLISHED' ? (item.publishFrom ?? now.toISOString()) : item.publishFrom;
  return { ...item, publishFrom: publishFrom ?? null, publishTo: item.publishTo ?? null };
}

const label: Record<CmsKind, string> = {
  BANNER: 'Banner',
  NEWS: 'News item',
  HELP_MODAL: 'Help modal',
};

export const cmsDecider: Decider<CmsItemState, CmsCommand, CmsEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'CmsItemCreated':
        return { status: 'exists', item: event.data };
      case 'CmsItemUpdated':
        return state.status === 'exists'
          ? { status: 'exists', item: { ...state.item, ...event.data.changes } }
          : state;
      case 'CmsItemDeleted':
        return { status: 'deleted' };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    if (command.type === 'create') {
      if (state.status !== 'none')
        throw new AppError('ALREADY_EXISTS', `${label[command.kind]} ${command.id} exists already`);
      const item = publication(
        {
          publishFrom: null,
          publishTo: null,
          ...command.fields,
          id: command.id,
          kind: command.kind,
        },
        command.now,
        true,
      );
      return [{ type: 'CmsItemCreated', data: item }];
    }
    if (state.status !== 'exists' || state.item.kind !== command.kind)
      throw new AppError('NOT_FOUND', `${label[command.kind]} ${command.id} not found`);
    if (command.type === 'delete')
      return [{ type: 'CmsItemDeleted', data: { id: command.id, kind: command.kind } }];
    const before = state.item;
    const touched = ['state', 'publishFrom', 'publishTo'].some((k) => k in command.changes);
    // The state as users and administrators see it now: a scheduled item whose time came is
    // published (its publishTo can change without scheduling it again in the past).
    const seen = { ...before, state: cmsEffectiveState(before, command.now) };
    const after = publication({ ...seen, ...command.changes }, command.now, touched);
    const changes: Partial<CmsFields> = {};
    for (const key of Object.keys(after) as (keyof CmsFields)[]) {
      if (key === ('id' as never) || key === ('kind' as never)) continue;
      if (JSON.stringify(after[key]) !== JSON.stringify(before[key]))
        (changes as Record<string, unknown>)[key] = after[key];
    }
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'CmsItemUpdated', data: { id: command.id, kind: command.kind, changes } }];
  },
};
