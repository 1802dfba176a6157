import type { CommandName } from '@nordlog/contracts';
import { useCallback } from 'react';
import { useShell } from '../app/UserContext';
import { mayRun } from './commands';

/** `mayRun` for the logged-in user: what the server would let them send (spec §6). */
export function useMayRun(): (command: CommandName) => boolean {
  const { user } = useShell();
  return useCallback((command: CommandName) => mayRun(user, command), [user]);
}
