import { useMemo } from 'react';
import { mayRun } from '../../access/commands';
import type { AuthUser } from '@nordlog/contracts';
import type { BoardPermissions } from './SlotCard';

/** What the user may do on the planning board (spec §6: the command table, as the server checks it). */
export function useBoardPermissions(user: AuthUser): BoardPermissions {
  return useMemo(
    () => ({
      plan: mayRun(user, 'UPDATE_CONSIGNMENT_SLOT'),
      route: mayRun(user, 'UPDATE_ROUTE'),
      unassign: mayRun(user, 'UNASSIGN_CONSIGNMENTS'),
      edit: mayRun(user, 'UPDATE_SLOT'),
      state: mayRun(user, 'CHANGE_SLOT_STATE'),
      manual: mayRun(user, 'TOGGLE_SLOT_MANUAL_PLANNING'),
      remove: mayRun(user, 'DELETE_SLOT'),
      durations: mayRun(user, 'SET_PICKUP_AND_DELIVERY_DURATIONS'),
    }),
    [user],
  );
}
