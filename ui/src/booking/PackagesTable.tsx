import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { packagePresets, presetById } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Field, useErrorText } from './fields';
import { GoodsCodeField } from './GoodsCodeField';
import { emptyLine, lineFromPreset, type FormValues, type LineValues } from './formModel';

const numberColumns = [
  'quantity',
  'weight',
  'length',
  'width',
  'height',
  'volume',
  'palletFootPrints',
  'loadingMeters',
] as const;

/** A line nobody has typed in yet (replaced, not kept, when a preset is added). */
const isPristine = (line: LineValues) =>
  line.presetDimension === '' && line.weight === '' && line.volume === '' && line.quantity === '1';

/**
 * Spec §3 measurement lines: the packages table, with the generic parcel presets and the coded
 * goods (docs/decisions/0093).
 */
export function PackagesTable() {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { control, getValues, setValue, formState } = useFormContext<FormValues>();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'measurements' });
  const [preset, setPreset] = useState('');
  const presets = packagePresets.map((p) => ({
    value: p.id,
    label: translate(`booking.presets.${p.id}`),
  }));
  const choosePreset = (index: number, id: string) => {
    const found = presetById(id);
    const line = getValues(`measurements.${index}`);
    if (found) update(index, lineFromPreset(found, line));
    else setValue(`measurements.${index}.presetDimension`, '');
  };
  const addPreset = (id: string) => {
    const found = presetById(id);
    if (!found) return;
    const lines = getValues('measurements');
    if (lines.length === 1 && isPristine(lines[0]!)) update(0, lineFromPreset(found));
    else append(lineFromPreset(found));
    setPreset('');
  };
  const listError =
    formState.errors.measurements?.message ?? formState.errors.measurements?.root?.message;
  return (
    <Paper component="section" aria-labelledby="packages-title" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography id="packages-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('booking.packages')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('booking.addPreset')}
          value={preset}
          onChange={(e) => addPreset(e.target.value)}
          sx={{ minWidth: 220 }}
        >
          {presets.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())}>
          {translate('booking.addPackage')}
        </Button>
      </Stack>
      {listError ? (
        <Typography color="error" variant="body2" role="alert">
          {errorText(listError)}
        </Typography>
      ) : null}
      {/* The line has many measures: it scrolls within its section, never widening the page. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="packages-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate('booking.line.preset')}</TableCell>
              <TableCell>{translate('serviceCodes.goods')}</TableCell>
              {numberColumns.map((c) => (
                <TableCell key={c}>{translate(`booking.line.${c}`)}</TableCell>
              ))}
              <TableCell>{translate('booking.line.description')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field, index) => (
              <TableRow key={field.id} data-testid={`package-${index + 1}`}>
                <TableCell sx={{ minWidth: 170 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={translate('booking.line.preset')}
                    value={getValues(`measurements.${index}.presetDimension`) || 'custom'}
                    onChange={(e) => choosePreset(index, e.target.value)}
                  >
                    <MenuItem value="custom">{translate('booking.line.custom')}</MenuItem>
                    {presets.map((p) => (
                      <MenuItem key={p.value} value={p.value}>
                        {p.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <GoodsCodeField
                    index={index}
                    line={getValues(`measurements.${index}`)}
                    onPick={(next) => update(index, next)}
                  />
                </TableCell>
                {numberColumns.map((c) => (
                  <TableCell key={c} sx={{ minWidth: 90 }}>
                    <Field
                      name={`measurements.${index}.${c}`}
                      label={translate(`booking.line.${c}`)}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                  </TableCell>
                ))}
                <TableCell sx={{ minWidth: 160 }}>
                  <Field
                    name={`measurements.${index}.specificationDescription`}
                    label={translate('booking.line.description')}
                  />
                </TableCell>
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
      </Box>
    </Paper>
  );
}
