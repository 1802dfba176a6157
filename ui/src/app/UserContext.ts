import type { AuthUser } from '@nordlog/contracts';
import { createContext, useContext } from 'react';
import type { ThemeName } from '../theme/themes';

export interface Shell {
  user: AuthUser;
  themeName: ThemeName;
  features: ReadonlySet<string>;
  /** Development mode (`/config`): error screens show the error and its component stack. */
  development: boolean;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the app shell');
  return shell;
}
