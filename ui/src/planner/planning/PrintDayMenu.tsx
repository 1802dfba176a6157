import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { printLinks } from './planningData';

/** The board's "Print day" button and its menu: the day's receipt list and load list. */
export function PrintDayMenu({ departmentId, date }: { departmentId: string; date: string }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const day = printLinks.day(departmentId, date);
  return (
    <>
      <Button
        variant="outlined"
        color="secondary"
        startIcon={<PrintIcon />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('planning.print.day')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={day.receiptList} onClick={() => setAnchor(null)}>
          {translate('planning.print.receiptList')}
        </MenuItem>
        <MenuItem component={RouterLink} to={day.loadList} onClick={() => setAnchor(null)}>
          {translate('planning.print.loadList')}
        </MenuItem>
      </Menu>
    </>
  );
}
