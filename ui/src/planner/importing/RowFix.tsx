import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { orderImportColumns, type ImportRowResult } from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { failureText } from '../../errors/parse';
import { bookRowAgain, rowErrorText } from './api';

/**
 * A refused row's cells to fix in place (docs/decisions/0059-import.md): the columns it was
 * refused for first, each with the form's message, then every other column; "Book again" sends
 * the fixed cells, which the server checks with the same rules before it books the order.
 */
export function RowFix({
  importId,
  row,
  onDone,
}: {
  importId: string;
  row: ImportRowResult;
  onDone: (booked: boolean) => Promise<void>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Record<string, string>>({ ...row.values });
  const [errors, setErrors] = useState(row.errors);
  const [busy, setBusy] = useState(false);
  const refusedFor = new Set(errors.map((e) => e.column));
  const columns = [
    ...orderImportColumns.filter((c) => refusedFor.has(c.key)),
    ...orderImportColumns.filter((c) => !refusedFor.has(c.key)),
  ];
  const book = async () => {
    setBusy(true);
    try {
      const answer = await bookRowAgain(importId, row.row, values);
      setErrors(answer.errors);
      if (answer.status === 'BOOKED')
        notify(translate('importing.rowBooked', { row: row.row }), { type: 'info' });
      await onDone(answer.status === 'BOOKED');
    } catch (err) {
      notify(`${translate('importing.rowFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const general = errors.filter((e) => e.column === null);
  return (
    <Box data-testid={`import-fix-form-${row.row}`}>
      {general.map((e, i) => (
        <Box key={i} sx={{ color: 'error.main', mb: 1 }}>
          {rowErrorText(translate, e)}
        </Box>
      ))}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 1,
        }}
      >
        {columns.map((c) => {
          const error = errors.find((e) => e.column === c.key);
          return (
            <TextField
              key={c.key}
              size="small"
              label={c.key}
              value={values[c.key] ?? ''}
              error={Boolean(error)}
              helperText={error ? rowErrorText(translate, error) : ' '}
              onChange={(e) => setValues((v) => ({ ...v, [c.key]: e.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': `import-cell-${c.key}` } }}
            />
          );
        })}
      </Box>
      <Button
        variant="contained"
        sx={{ mt: 1 }}
        disabled={busy}
        onClick={() => void book()}
        data-testid={`import-book-${row.row}`}
      >
        {translate('importing.bookAgain')}
      </Button>
    </Box>
  );
}
