import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { cmsText, screenMatches } from './content';
import { usePublished } from './usePublished';

/**
 * The "what's this" (?) button: in the top bar on a screen that has a help modal published to the
 * user's role (its route rule matches the path), opening it. Several for one screen: the newest.
 */
export function HelpButton() {
  const translate = useTranslate();
  const locale = useLocale();
  const { pathname } = useLocation();
  const modals = usePublished('publishedWhatsThisModals');
  const [open, setOpen] = useState(false);
  const modal = (modals.data ?? []).find((m) => m.screen && screenMatches(m.screen, pathname));
  if (!modal) return null;
  const label = translate('cms.help.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid="cms-help-open"
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="cms-help-title"
        data-testid="cms-help"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="cms-help-title">{cmsText(modal.title, locale)}</DialogTitle>
        <DialogContent>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{cmsText(modal.body, locale)}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('cms.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
