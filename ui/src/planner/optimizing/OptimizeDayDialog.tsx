import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RUN_SECONDS } from '@nordlog/contracts';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useShell } from '../../app/UserContext';
import { formatDate } from '../../i18n/locales';
import type { DepartmentOption } from '../../layout/useDepartments';
import { useNumberLocale } from './Figures';
import { formatNumber, secondsChoices } from './optimizingData';
import { mayQuery, useOptimizePreview } from './queries';
import type { StartOptions } from './useOptimizingCommands';

const ALL = '*';

/**
 * Asks how to optimise the board's day (START_OPTIMIZING): the seconds the optimiser may use
 * (default 10), whether the unassigned shipments are planned too, and on a group's board which
 * department (or each of them); shows what the run would take (query `optimizeRequest`).
 */
export function OptimizeDayDialog(props: {
  open: boolean;
  date: string;
  members: readonly DepartmentOption[];
  busy: boolean;
  onStart: (runs: StartOptions[]) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { user } = useShell();
  const locale = useNumberLocale();
  const [seconds, setSeconds] = useState<number>(RUN_SECONDS.day);
  const [includeUnassigned, setIncludeUnassigned] = useState(true);
  const [department, setDepartment] = useState(ALL);
  useEffect(() => {
    if (props.open) setDepartment(props.members.length === 1 ? props.members[0]!.id : ALL);
  }, [props.open, props.members]);
  const chosen =
    department === ALL ? props.members : props.members.filter((m) => m.id === department);
  const previewFor = chosen.length === 1 ? chosen[0]!.id : null;
  const preview = useOptimizePreview(
    previewFor,
    props.date,
    props.open && mayQuery(user, 'optimizeRequest'),
  );
  const p = preview.data;
  const start = () =>
    props.onStart(
      chosen.map((m) => ({ departmentId: m.id, date: props.date, seconds, includeUnassigned })),
    );
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>
        {translate('optimizing.day.title', { date: formatDate(props.date, locale) })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('optimizing.day.text')}</DialogContentText>
        <Stack spacing={2}>
          {props.members.length > 1 ? (
            <TextField
              select
              size="small"
              label={translate('optimizing.day.department')}
              value={department}
              onChange={(e) => setDepartment(e.target.value)}
            >
              <MenuItem value={ALL}>{translate('optimizing.day.allDepartments')}</MenuItem>
              {props.members.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            select
            size="small"
            label={translate('optimizing.day.seconds')}
            value={seconds}
            onChange={(e) => setSeconds(Number(e.target.value))}
          >
            {secondsChoices.map((s) => (
              <MenuItem key={s} value={s}>
                {formatNumber(s, locale, 0)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={includeUnassigned}
                onChange={(e) => setIncludeUnassigned(e.target.checked)}
              />
            }
            label={translate('optimizing.day.includeUnassigned')}
          />
          {previewFor ? (
            <Typography variant="body2" color="text.secondary" data-testid="optimize-preview">
              {p
                ? translate('optimizing.day.preview', {
                    vehicles: formatNumber(p.vehicles, locale, 0),
                    consignments: formatNumber(p.consignments, locale, 0),
                    locked: formatNumber(p.lockedStops, locale, 0),
                  })
                : preview.isFetching
                  ? translate('optimizing.day.previewLoading')
                  : ''}
              {p && p.excludedSlots.length > 0
                ? ` ${translate('optimizing.day.excludedSlots', { smart_count: p.excludedSlots.length })}`
                : ''}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {translate('planner.bulk.cancel')}
        </Button>
        <Button
          variant="contained"
          color="secondary"
          onClick={start}
          disabled={props.busy || chosen.length === 0}
          autoFocus
        >
          {translate('optimizing.day.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
