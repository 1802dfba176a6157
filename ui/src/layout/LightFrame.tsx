import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SkipNavigationButton, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useShell } from '../app/UserContext';
import { BannerStrip } from '../content/BannerStrip';
import { NetworkNotice } from '../live/LiveProvider';
import { ErrorFallback } from './ErrorFallback';
import { LightTopBar } from './LightTopBar';
import { menuEntries, type MenuEntry } from './menuEntries';
import { usePlannerDepartment } from './plannerDepartment';
import { useSidebarOpen } from './sidebarState';
import { Toasts } from './Toasts';
import { MenuHeading } from './MenuHeading';

/** Spec §2 menu widths (the theme's `sidebar` in AppLayout's react-admin frame). */
const OPEN_WIDTH = 256;
const CLOSED_WIDTH = 72;

/**
 * The planner's frame without react-admin's `<Layout>` (docs/decisions/0046-web-start-up.md): the
 * same skip-to-content button, top bar, menu (menuEntries, as AppLayout draws it), toasts, network
 * notice and error screen, drawn with MUI alone so that the planner's pages start without react-admin's UI. The
 * menu's fixed column keeps react-admin's class name (`RaSidebar-fixed`), which the browser
 * tests measure.
 */
export function LightFrame({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { development } = useShell();
  const { pathname } = useLocation();
  return (
    <Box
      className="layout"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        bgcolor: 'background.default',
        position: 'relative',
        width: '100%',
        // A page is never wider than the window (issue 13): wide grids scroll inside themselves.
        minWidth: 0,
        zIndex: 1,
      }}
    >
      <SkipNavigationButton />
      <LightTopBar />
      <Box component="main" sx={{ display: 'flex', flexGrow: 1, mt: { xs: 7, sm: 6 } }}>
        <Sidebar />
        <Box
          id="main-content"
          sx={{
            bgcolor: 'background.default',
            zIndex: 2,
            display: 'flex',
            flexDirection: 'column',
            flexGrow: 1,
            flexBasis: 0,
            minWidth: 0,
            px: 1,
          }}
        >
          <BannerStrip />
          <ErrorFallback
            resetKey={pathname}
            texts={{
              title: translate('fallback.title'),
              text: translate('fallback.text'),
              button: translate('fallback.button'),
            }}
            showDetails={development}
          >
            {children}
          </ErrorFallback>
        </Box>
      </Box>
      <NetworkNotice />
      <Toasts />
    </Box>
  );
}

/** The menu: a fixed column beside the page, or a drawer over it on a phone. */
function Sidebar() {
  const [open, setOpen] = useSidebarOpen();
  const xs = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (xs)
    return (
      <Drawer variant="temporary" open={open} onClose={() => setOpen(false)}>
        <AppMenu open onNavigate={() => setOpen(false)} />
      </Drawer>
    );
  const width = open ? OPEN_WIDTH : CLOSED_WIDTH;
  const transition = (theme: Theme) =>
    theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    });
  // react-admin's class names, as its sidebar has them (tests and print styles find the menu).
  return (
    <Box className="RaSidebar-root" sx={{ width, flexShrink: 0, transition }}>
      <Box
        className="RaSidebar-fixed"
        sx={{
          position: 'fixed',
          width,
          height: 'calc(100vh - 3em)',
          overflowX: 'hidden',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          transition,
        }}
      >
        <AppMenu open={open} />
      </Box>
    </Box>
  );
}

/** The menu's entries (menuEntries) as react-admin's `<Menu>` draws them. */
function AppMenu({ open, onNavigate }: { open: boolean; onNavigate?: () => void }) {
  const translate = useTranslate();
  const { user } = useShell();
  const department = usePlannerDepartment();
  const { pathname } = useLocation();
  return (
    <MenuList
      aria-label={translate('menu.label')}
      className="RaMenu-root"
      sx={{ width: open ? OPEN_WIDTH : CLOSED_WIDTH, mt: 0.5, mb: 1 }}
    >
      {menuEntries(user, pathname, department).map((entry, i) =>
        entry.kind === 'heading' ? (
          open ? (
            <MenuHeading key={`${entry.key}-${i}`}>{translate(entry.key)}</MenuHeading>
          ) : null
        ) : (
          <Item
            key={`${entry.to}-${i}`}
            entry={entry}
            open={open}
            active={pathname === entry.to || pathname.startsWith(`${entry.to}/`)}
            onNavigate={onNavigate}
          />
        ),
      )}
    </MenuList>
  );
}

function Item(props: {
  entry: Extract<MenuEntry, { kind: 'item' }>;
  open: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const { entry, open, active, onNavigate } = props;
  const translate = useTranslate();
  const text = translate(entry.label);
  const item = (
    <MenuItem
      component={Link}
      to={entry.to}
      onClick={onNavigate}
      className={active ? 'RaMenuItemLink-active' : undefined}
      sx={{ color: active ? 'text.primary' : 'text.secondary' }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: 'text.secondary' }}>{entry.icon}</ListItemIcon>
      <Typography variant="inherit" noWrap>
        {text}
      </Typography>
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={text} placement="right">
      {item}
    </Tooltip>
  );
}
