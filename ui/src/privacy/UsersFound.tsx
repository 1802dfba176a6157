import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UserRow } from '@nordlog/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useShell } from '../app/UserContext';
import { ConfirmDialog } from '../planner/planning/Dialogs';
import { sendCommand } from '../shell/api';

/**
 * The users a person's phone number or e-mail address was found on, each with its erasure
 * (docs/decisions/0050-personal-data.md, addendum): the user is deleted and its personal data
 * erased after a confirmation. The admin's own user is erased by another admin.
 */
export function UsersFound({
  users,
  onErased,
  errorOf,
}: {
  users: UserRow[];
  onErased: () => void;
  errorOf: (error: unknown) => ReactNode;
}) {
  const translate = useTranslate();
  const { user: me } = useShell();
  const [erasing, setErasing] = useState<UserRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [erased, setErased] = useState<string | null>(null);
  const erase = async (user: UserRow) => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand('ERASE_PERSONAL_DATA', { userIds: [user.id] });
      setErased(user.name);
      setErasing(null);
      onErased();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  if (users.length === 0 && erased === null) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h2">
        {translate('personalData.usersTitle')}
      </Typography>
      {erased !== null ? (
        <Alert severity="success">{translate('personalData.userErased', { name: erased })}</Alert>
      ) : null}
      {failure ? errorOf(failure) : null}
      {users.length > 0 ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('personalData.usersTitle')}>
            <TableHead>
              <TableRow>
                {['name', 'role', 'phoneNumber', 'emailAddress'].map((c) => (
                  <TableCell key={c}>{translate(`personalData.columns.${c}`)}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((u) => {
                const self = u.id === me?.id;
                const button = (
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    disabled={self}
                    onClick={() => setErasing(u)}
                  >
                    {translate('personalData.eraseUser')}
                  </Button>
                );
                return (
                  <TableRow key={u.id}>
                    <TableCell>{u.name}</TableCell>
                    <TableCell>{u.role}</TableCell>
                    <TableCell>{u.phoneNumber}</TableCell>
                    <TableCell>{u.email ?? '–'}</TableCell>
                    <TableCell align="right">
                      {self ? (
                        <Tooltip title={translate('personalData.selfHint')}>
                          <span>{button}</span>
                        </Tooltip>
                      ) : (
                        button
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      <ConfirmDialog
        open={erasing !== null}
        title={translate('personalData.confirmUserTitle', { name: erasing?.name ?? '' })}
        text={translate('personalData.confirmUserText')}
        confirmLabel={translate('personalData.eraseUser')}
        danger
        busy={busy}
        onConfirm={() => erasing && void erase(erasing)}
        onClose={() => setErasing(null)}
      />
    </>
  );
}
