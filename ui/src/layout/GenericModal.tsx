import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Spec §2 generic modal widths. */
export const modalWidths = { default: 900, wide: 1200, small: 600 } as const;

/** Spec §2: overlay and close cross; closes on Escape or an overlay click. */
export function GenericModal(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: keyof typeof modalWidths;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const width = modalWidths[props.size ?? 'default'];
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      <DialogTitle sx={{ pr: 6 }}>{props.title}</DialogTitle>
      <IconButton
        aria-label={translate('ra.action.close')}
        onClick={props.onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>{props.children}</DialogContent>
    </Dialog>
  );
}
