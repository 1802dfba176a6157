import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Field, useErrorText } from './fields';
import { emptyLine, type FormValues } from './formModel';

/** Spec §3: the simplified measurement line of the h2 booking, after its package id. */
export const h2LineFields = ['weight', 'height', 'length', 'width'] as const;

/**
 * The h2 booking's packages (spec §3 simplified measurement line: packageId, weight, height,
 * length, width; docs/decisions/0086): one package a line, the lines of the order form's model.
 * The package id is the package's SSCC, drawn when the order is saved, so it is shown, not typed.
 */
export function H2PackageLines() {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { control, formState } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'measurements' });
  const listError =
    formState.errors.measurements?.message ?? formState.errors.measurements?.root?.message;
  return (
    <Paper component="section" aria-labelledby="h2-packages-title" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
        <Typography id="h2-packages-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('booking.packages')}
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())}>
          {translate('booking.addPackage')}
        </Button>
      </Stack>
      {listError ? (
        <Typography color="error" variant="body2" role="alert">
          {errorText(listError)}
        </Typography>
      ) : null}
      <Table size="small" aria-labelledby="h2-packages-title">
        <TableHead>
          <TableRow>
            <TableCell>{translate('h2Booking.packageId')}</TableCell>
            {h2LineFields.map((c) => (
              <TableCell key={c}>{translate(`booking.line.${c}`)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field, index) => (
            <TableRow key={field.id} data-testid={`h2-package-${index + 1}`}>
              <TableCell sx={{ minWidth: 160 }}>
                <TextField
                  size="small"
                  fullWidth
                  disabled
                  label={translate('h2Booking.packageId')}
                  value=""
                  placeholder={translate('h2Booking.given')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </TableCell>
              {h2LineFields.map((c) => (
                <TableCell key={c} sx={{ minWidth: 90 }}>
                  <Field
                    name={`measurements.${index}.${c}`}
                    label={translate(`booking.line.${c}`)}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </TableCell>
              ))}
              <TableCell>
                <IconButton
                  aria-label={translate('booking.removePackage', { n: index + 1 })}
                  onClick={() => remove(index)}
                  disabled={fields.length === 1}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
