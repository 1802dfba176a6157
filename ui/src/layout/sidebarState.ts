import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useStore } from 'react-admin';

/**
 * The menu open or collapsed, kept in the store under react-admin's own key (its
 * `useSidebarState`), so that both of the app's frames show the menu as the user left it.
 */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const xs = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return useStore<boolean>('sidebar.open', !xs);
}
