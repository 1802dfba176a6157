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
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../planner/planning/Dialogs';
import { sendCommand } from '../shell/api';

/** What one kind of record found with a person's data shows (users, saved addresses). */
export interface ErasableKind<Row> {
  /** `personalData.*` keys: the table's title, the button, the dialog and the notice after. */
  keys: { title: string; erase: string; confirmTitle: string; confirmText: string; erased: string };
  /** Columns: a `personalData.columns.*` key and the cell. */
  columns: { key: string; cell: (row: Row) => ReactNode }[];
  id: (row: Row) => string;
  name: (row: Row) => string;
  /** ERASE_PERSONAL_DATA's payload for the row. */
  payload: (row: Row) => Record<string, string[]>;
  /** Why the row may not be erased here (a hint on the disabled button), or null. */
  refusal?: (row: Row) => string | null;
}

/**
 * Records of one kind a person's phone number or e-mail address was found on, each erased after a
 * confirmation (docs/decisions/0050-personal-data.md; saved addresses: 0061).
 */
export function ErasableFound<Row>({
  kind,
  rows,
  onErased,
  errorOf,
}: {
  kind: ErasableKind<Row>;
  rows: Row[];
  onErased: () => void;
  errorOf: (error: unknown) => ReactNode;
}) {
  const translate = useTranslate();
  const [erasing, setErasing] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [erased, setErased] = useState<string | null>(null);
  const erase = async (row: Row) => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand('ERASE_PERSONAL_DATA', kind.payload(row));
      setErased(kind.name(row));
      setErasing(null);
      onErased();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  if (rows.length === 0 && erased === null) return null;
  const title = translate(`personalData.${kind.keys.title}`);
  return (
    <>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      {erased !== null ? (
        <Alert severity="success">
          {translate(`personalData.${kind.keys.erased}`, { name: erased })}
        </Alert>
      ) : null}
      {failure ? errorOf(failure) : null}
      {rows.length > 0 ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {kind.columns.map((c) => (
                  <TableCell key={c.key}>{translate(`personalData.columns.${c.key}`)}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const refusal = kind.refusal?.(row) ?? null;
                const button = (
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    disabled={refusal !== null}
                    onClick={() => setErasing(row)}
                  >
                    {translate(`personalData.${kind.keys.erase}`)}
                  </Button>
                );
                return (
                  <TableRow key={kind.id(row)}>
                    {kind.columns.map((c) => (
                      <TableCell key={c.key}>{c.cell(row)}</TableCell>
                    ))}
                    <TableCell align="right">
                      {refusal !== null ? (
                        <Tooltip title={translate(refusal)}>
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
        title={translate(`personalData.${kind.keys.confirmTitle}`, {
          name: erasing === null ? '' : kind.name(erasing),
        })}
        text={translate(`personalData.${kind.keys.confirmText}`)}
        confirmLabel={translate(`personalData.${kind.keys.erase}`)}
        danger
        busy={busy}
        onConfirm={() => erasing !== null && void erase(erasing)}
        onClose={() => setErasing(null)}
      />
    </>
  );
}
