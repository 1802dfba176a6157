import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UnitRow } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { sendCommand } from '../../../shell/api';
import { FormSection, useFailureText, useScreenDepartments } from '../common';

/**
 * Lending a vehicle record to another department (ASSIGN_VEHICLE_TO_DEPARTMENT) and taking it
 * back (UNASSIGN_VEHICLE_FROM_DEPARTMENT): a lent vehicle is listed and used there too.
 */
export function VehicleLending({ vehicle }: { vehicle: UnitRow }) {
  const translate = useTranslate();
  const notify = useNotify();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const departments = useScreenDepartments();
  const [target, setTarget] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const choices = departments.choices.filter((c) => c.value !== vehicle.departmentId);
  const run = async (name: 'ASSIGN_VEHICLE_TO_DEPARTMENT' | 'UNASSIGN_VEHICLE_FROM_DEPARTMENT') => {
    setFailure(null);
    try {
      await sendCommand(
        name,
        name === 'ASSIGN_VEHICLE_TO_DEPARTMENT'
          ? { vehicleId: vehicle.id, departmentId: target }
          : { vehicleId: vehicle.id },
      );
      await queryClient.invalidateQueries({ queryKey: ['units'] });
      notify(translate('fleet.actions.saved'), { type: 'info' });
      setTarget('');
    } catch (err) {
      setFailure(failureText(err));
    }
  };
  const t = (key: string, options?: object) => translate(`fleet.actions.${key}`, options);
  return (
    <FormSection id="lending-title" title={translate('fleet.sections.lending')}>
      <Stack spacing={1.5}>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {vehicle.assignedDepartmentId ? (
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography>
              {t('lent', { department: departments.nameOf(vehicle.assignedDepartmentId) })}
            </Typography>
            {mayRun('UNASSIGN_VEHICLE_FROM_DEPARTMENT') ? (
              <Button
                variant="outlined"
                onClick={() => void run('UNASSIGN_VEHICLE_FROM_DEPARTMENT')}
              >
                {t('takeBack')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {mayRun('ASSIGN_VEHICLE_TO_DEPARTMENT') ? (
          <Stack direction="row" spacing={2} alignItems="center">
            <TextField
              select
              size="small"
              label={t('lendTo')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              sx={{ minWidth: 260 }}
            >
              {choices.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={target === ''}
              onClick={() => void run('ASSIGN_VEHICLE_TO_DEPARTMENT')}
            >
              {t('lend')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </FormSection>
  );
}
