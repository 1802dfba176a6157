import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UnitRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useMayRun } from '../../../access/useMayRun';
import { useShell } from '../../../app/UserContext';
import { enumKey } from '../../../i18n/enums';
import { normalizeLocale } from '../../../i18n/locales';
import { runQuery } from '../../../shell/api';
import { useScreenDepartments } from '../common';
import type { FleetKind } from './UnitForm';

/** The rows of the `units` or `vehicles` query for these departments (all the user sees: none). */
export function useFleetRows(
  kind: FleetKind,
  departmentIds: string[] | null,
  includeInactive: boolean,
) {
  const params = { ...(departmentIds ? { departmentIds } : {}), includeInactive };
  return useQuery({
    // Head `units`: the live connection applies unit changes to these lists (resources/registry).
    queryKey: ['units', 'rows', { query: kind, ...params }],
    enabled: departmentIds === null || departmentIds.length > 0,
    queryFn: () => runQuery<UnitRow[]>(kind, params),
  });
}

/**
 * `/planner/{departmentId}/units` and `/vehicles` (spec §2): the units, or the vehicle records, of
 * the department or group, with name, id, department, vehicle type, capacities and whether active
 * (vehicles: registration number, brand and model, and where they are lent).
 */
export function UnitList({ kind }: { kind: FleetKind }) {
  const translate = useTranslate();
  const mayRun = useMayRun();
  const { themeName } = useShell();
  const departments = useScreenDepartments();
  const [showInactive, setShowInactive] = useState(false);
  const rows = useFleetRows(kind, departments.members, showInactive);
  const f = (key: string) => translate(`fleet.fields.${key}`);
  const numbers = new Intl.NumberFormat(normalizeLocale(useLocale()));
  const format = (n: number) => numbers.format(n);
  const yesNo = (v: boolean) => translate(`fleet.list.${v ? 'yes' : 'no'}`);
  // A row pushed by the live connection may have changed kind or been deactivated meanwhile.
  const shown = (rows.data ?? []).filter(
    (r) => r.isUnit === (kind === 'units') && (showInactive || r.isActive),
  );
  const columns: { key: string; label: string; cell: (r: UnitRow) => ReactNode }[] = [
    {
      key: 'name',
      label: f('name'),
      cell: (r) => (
        <Link
          component={RouterLink}
          to={`/planner/${departments.param}/${kind}/${r.id}`}
          aria-label={translate('fleet.list.open', { name: r.name })}
        >
          {r.name}
        </Link>
      ),
    },
    ...(kind === 'units'
      ? [
          {
            key: 'alystraId',
            label: f(themeName === 'whitelabel' ? 'unitId' : 'alystraId'),
            cell: (r: UnitRow) => r.alystraId,
          },
        ]
      : [
          {
            key: 'registrationNumber',
            label: f('registrationNumber'),
            cell: (r: UnitRow) => r.registrationNumber,
          },
          {
            key: 'brandModel',
            label: f('brandModel'),
            cell: (r: UnitRow) => [r.vehicleBrand, r.vehicleModel].filter(Boolean).join(' '),
          },
        ]),
    {
      key: 'departmentId',
      label: f('departmentId'),
      cell: (r) => departments.nameOf(r.departmentId),
    },
    {
      key: 'vehicleType',
      label: f('vehicleType'),
      cell: (r) => translate(enumKey('vehicleType', r.vehicleType)),
    },
    {
      key: 'capacities',
      label: f('capacities'),
      cell: (r) =>
        `${format(r.capacity)} · ${format(r.weightCapacity)} kg · ${format(r.volumeCapacity)} m³`,
    },
    ...(kind === 'vehicles'
      ? [
          {
            key: 'assignedDepartmentId',
            label: f('assignedDepartmentId'),
            cell: (r: UnitRow) => departments.nameOf(r.assignedDepartmentId),
          },
        ]
      : []),
    { key: 'isActive', label: f('isActive'), cell: (r) => yesNo(r.isActive) },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate(`fleet.${kind}.title`)}
        </Typography>
        <FormControlLabel
          control={
            <Switch checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
          }
          label={translate('fleet.list.showInactive')}
        />
        {mayRun('CREATE_UNIT') ? (
          <Button
            component={RouterLink}
            to={`/planner/${departments.param}/${kind}/new`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {translate(`fleet.${kind}.new`)}
          </Button>
        ) : null}
      </Stack>
      {rows.isError ? <Alert severity="error">{translate('fleet.list.failed')}</Alert> : null}
      {rows.isLoading || !departments.ready ? (
        <Loading />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate(`fleet.${kind}.title`)}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.id} hover>
                  {columns.map((c) => (
                    <TableCell key={c.key}>{c.cell(r)}</TableCell>
                  ))}
                </TableRow>
              ))}
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length}>{translate(`fleet.${kind}.empty`)}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
