import PersonIcon from '@mui/icons-material/Person';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { useShell } from '../app/UserContext';
import { GenericModal } from './GenericModal';

/** "My profile" in the user menu: who is logged in and what they may open, in the generic modal. */
export function ProfileMenuItem() {
  const translate = useTranslate();
  const { user } = useShell();
  const menu = useUserMenu();
  const [open, setOpen] = useState(false);
  const rows: [string, string][] = [
    ['resources.admin/users.fields.name', user.name],
    ['resources.admin/users.fields.phoneNumber', user.phoneNumber],
    ['resources.admin/users.fields.email', user.email ?? ''],
    ['resources.admin/users.fields.role', user.role],
    ['resources.admin/users.fields.departmentIds', user.departmentIds.join(', ')],
    ['resources.admin/users.fields.access', user.access.join(', ')],
  ];
  return (
    <>
      <MenuItem onClick={() => setOpen(true)}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('app.profile')}</ListItemText>
      </MenuItem>
      <GenericModal
        open={open}
        size="small"
        title={translate('app.profile')}
        onClose={() => {
          setOpen(false);
          menu?.onClose();
        }}
      >
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {translate(label)}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </GenericModal>
    </>
  );
}
