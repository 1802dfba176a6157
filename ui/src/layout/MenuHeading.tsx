import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';

/** A heading of the menu's groups (menuEntries), as both frames draw it while the menu is open. */
export function MenuHeading({ children }: { children: ReactNode }) {
  return (
    <ListSubheader
      component="div"
      role="presentation"
      disableSticky
      sx={{ lineHeight: '32px', bgcolor: 'transparent' }}
    >
      {children}
    </ListSubheader>
  );
}
