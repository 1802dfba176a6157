import AccountCircle from '@mui/icons-material/AccountCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import LanguageIcon from '@mui/icons-material/Translate';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type MouseEvent } from 'react';
import {
  useLoading,
  useLocaleState,
  useRefresh,
  useResetStore,
  UserMenuContextProvider,
  useTranslate,
} from 'react-admin';
import { useShell } from '../app/UserContext';
import { HelpButton } from '../content/HelpButton';
import { NewsButton } from '../content/NewsButton';
import { authApi } from '../auth/api';
import { languageNames } from '../i18n/languageNames';
import { locales, normalizeLocale } from '../i18n/locales';
import { DepartmentPicker } from './DepartmentPicker';
import { ProfileMenuItem } from './ProfileMenuItem';
import { useSidebarOpen } from './sidebarState';

/**
 * The planner's top bar without react-admin's UI (docs/decisions/0046-web-start-up.md): the same
 * parts as AppLayout's AppTopBar, in the same order, with the same names and texts: the menu's
 * toggle, the title, the department picker, the screen's help and the news (content, 0077), the
 * language, the loading indicator (a refresh
 * button) and the user menu (profile, log out).
 */
export function LightTopBar() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarOpen();
  const xs = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar color="secondary" className="RaAppBar-appBar">
      <Toolbar disableGutters variant={xs ? 'regular' : 'dense'} sx={{ pr: 3 }}>
        <Tooltip
          title={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')}
          enterDelay={500}
        >
          <IconButton color="inherit" onClick={() => setOpen(!open)} sx={{ mx: '0.2em' }}>
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Typography
          variant="h6"
          color="inherit"
          id="react-admin-title"
          sx={{ flex: 1, textOverflow: 'ellipsis', whiteSpace: 'nowrap', overflow: 'hidden' }}
        />
        <DepartmentPicker />
        <HelpButton />
        <NewsButton />
        <LanguageButton />
        <LoadingIndicator />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

/** The language menu (react-admin's LocalesMenuButton): the choice is kept in the store. */
function LanguageButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [locale, setLocale] = useLocaleState();
  const current = normalizeLocale(locale);
  return (
    <>
      <Button
        color="inherit"
        variant="text"
        aria-controls="locales-menu"
        aria-haspopup="true"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languageNames[current]}
      </Button>
      <Menu
        id="locales-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
        {locales.map((l) => (
          <MenuItem
            key={l}
            selected={l === current}
            onClick={() => {
              setLocale(l);
              setAnchor(null);
            }}
          >
            {languageNames[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A refresh button, a spinner over it while queries or commands run. */
function LoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  const refresh = useRefresh();
  const label = translate('ra.action.refresh', { _: 'Refresh' });
  return (
    <Box sx={{ position: 'relative' }}>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          color="inherit"
          onClick={refresh}
          sx={{ opacity: loading ? 0 : 1 }}
        >
          <RefreshIcon />
        </IconButton>
      </Tooltip>
      {loading ? (
        <CircularProgress
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      ) : null}
    </Box>
  );
}

/** The user menu, named by the user's name: the profile and log out. */
function UserMenu() {
  const translate = useTranslate();
  const { user } = useShell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const resetStore = useResetStore();
  const queryClient = useQueryClient();
  const onClose = () => setAnchor(null);
  const context = useMemo(() => ({ onClose: () => setAnchor(null) }), []);
  // As react-admin's logout: the session ends on the server, the page starts afresh.
  const logout = async () => {
    const url = await authApi.logout().catch(() => '/');
    window.location.assign(url);
    resetStore();
    queryClient.clear();
  };
  const openMenu = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  return (
    <Box component="span" sx={{ ml: 0.5 }}>
      {wide ? (
        <Button
          aria-label={user.name}
          color="inherit"
          variant="text"
          startIcon={<AccountCircle />}
          onClick={openMenu}
          sx={{ textTransform: 'none' }}
        >
          {user.name}
        </Button>
      ) : (
        <Tooltip title={user.name}>
          <IconButton aria-label={user.name} aria-haspopup color="inherit" onClick={openMenu}>
            <AccountCircle />
          </IconButton>
        </Tooltip>
      )}
      <UserMenuContextProvider value={context}>
        <Menu
          id="menu-appbar"
          disableScrollLock
          anchorEl={anchor}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          open={Boolean(anchor)}
          onClose={onClose}
        >
          <ProfileMenuItem />
          <MenuItem onClick={() => void logout()}>
            <ListItemIcon>
              <ExitIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('ra.auth.logout')}</ListItemText>
          </MenuItem>
        </Menu>
      </UserMenuContextProvider>
    </Box>
  );
}
