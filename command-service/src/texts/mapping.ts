import {
  AppError,
  serviceMappingFlags,
  type ArticleEvent,
  type ServiceMappingChanges,
  type ServiceMappingEvent,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * A service's mapping (docs/decisions/0081): two flags of a transport article, on the article's
 * own stream (the mapping lives and dies with its service). This decider reads the article's
 * events for its kind and existence, and writes only `ServiceMappingUpdated`.
 */
export interface ServiceMappingState {
  status: 'none' | 'exists' | 'deleted';
  transport: boolean;
  important: boolean;
  allowFlexDelivery: boolean;
  /** The code template (0093), null for none. */
  serviceCode: string | null;
}
export interface ServiceMappingCommand {
  id: string;
  changes: ServiceMappingChanges;
}

export const serviceMappingDecider: Decider<
  ServiceMappingState,
  ServiceMappingCommand,
  ServiceMappingEvent | ArticleEvent
> = {
  initialState: { status: 'none', transport: false, ...serviceMappingFlags },
  evolve(state, event) {
    switch (event.type) {
      case 'ArticleCreated':
        return { ...state, status: 'exists', transport: event.data.kind === 'FREIGHT' };
      case 'ArticleDeleted':
        return { ...state, status: 'deleted' };
      case 'ServiceMappingUpdated':
        return { ...state, ...event.data.changes };
      // A label or state of the article: not the mapping's.
      case 'ArticleUpdated':
        return state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide({ id, changes }, state) {
    if (state.status !== 'exists') throw new AppError('NOT_FOUND', `Service ${id} not found`);
    if (!state.transport)
      throw AppError.of([
        {
          errorType: 'VALIDATION_ERROR',
          description: `payload.id: article ${id} is not a transport (service) article`,
          params: { field: 'id', key: 'validation.notTransport' },
        },
      ]);
    const changed = Object.fromEntries(
      Object.entries(changes).filter(
        ([k, v]) => v !== undefined && v !== state[k as keyof ServiceMappingChanges],
      ),
    ) as ServiceMappingChanges;
    if (Object.keys(changed).length === 0) return [];
    return [{ type: 'ServiceMappingUpdated', data: { id, changes: changed } }];
  },
};
