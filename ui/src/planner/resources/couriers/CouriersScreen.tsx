import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CourierRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router-dom';
import { useMayRun } from '../../../access/useMayRun';
import { usePageTitle } from '../../../layout/pageTitle';
import { runQuery } from '../../../shell/api';
import { useScreenDepartments } from '../common';
import { CourierForm } from './CourierForm';

/** The courier users of these departments (all the user sees: null). */
function useCouriers(departmentIds: string[] | null) {
  const params = departmentIds ? { departmentIds } : {};
  return useQuery({
    // Head `couriers`: the live connection applies courier changes to it (resources/registry).
    queryKey: ['couriers', 'rows', params],
    enabled: departmentIds === null || departmentIds.length > 0,
    queryFn: () => runQuery<CourierRow[]>('couriers', params),
  });
}

/** `/planner/{departmentId}/couriers/*` and `/couriers-old/*` (spec §2): couriers, new, one. */
export default function CouriersScreen() {
  usePageTitle('courierUsers');
  return (
    <Box sx={{ p: 2 }}>
      <Routes>
        <Route index element={<CourierList />} />
        <Route path="new" element={<CourierPage />} />
        <Route path=":courierId/*" element={<CourierPage />} />
      </Routes>
    </Box>
  );
}

function CourierList() {
  const translate = useTranslate();
  const mayRun = useMayRun();
  const departments = useScreenDepartments();
  const rows = useCouriers(departments.members);
  const f = (key: string) => translate(`fleet.fields.${key}`);
  const shown = (rows.data ?? []).filter(
    (r) => !r.deleted && departments.members.includes(r.departmentId),
  );
  const columns: { key: string; label: string; cell: (r: CourierRow) => ReactNode }[] = [
    {
      key: 'name',
      label: f('name'),
      cell: (r) => (
        <Link
          component={RouterLink}
          to={`/planner/${departments.param}/couriers/${r.id}`}
          aria-label={translate('fleet.list.open', { name: r.name })}
        >
          {r.name}
        </Link>
      ),
    },
    { key: 'phoneNumber', label: f('phoneNumber'), cell: (r) => r.phoneNumber },
    { key: 'email', label: f('email'), cell: (r) => r.email ?? '' },
    {
      key: 'departmentId',
      label: f('departmentId'),
      cell: (r) => departments.nameOf(r.departmentId),
    },
    { key: 'driverId', label: f('driverId'), cell: (r) => r.driverId },
    {
      key: 'canLogIn',
      label: f('canLogIn'),
      cell: (r) => translate(`fleet.list.${r.canLogIn ? 'yes' : 'no'}`),
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('fleet.couriers.title')}
        </Typography>
        {mayRun('CREATE_COURIER_USER') ? (
          <Button
            component={RouterLink}
            to={`/planner/${departments.param}/couriers/new`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {translate('fleet.couriers.new')}
          </Button>
        ) : null}
      </Stack>
      {rows.isError ? <Alert severity="error">{translate('fleet.list.failed')}</Alert> : null}
      {rows.isLoading || !departments.ready ? (
        <Loading />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate('fleet.couriers.title')}>
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
                  <TableCell colSpan={columns.length}>
                    {translate('fleet.couriers.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function CourierPage() {
  const translate = useTranslate();
  const { courierId = 'new' } = useParams();
  const departments = useScreenDepartments();
  const isNew = courierId === 'new';
  const rows = useCouriers(null);
  const courier = isNew ? null : (rows.data ?? []).find((r) => r.id === courierId && !r.deleted);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate(`fleet.couriers.${isNew ? 'new' : 'edit'}`)}
          {courier ? `: ${courier.name}` : ''}
        </Typography>
        <Button
          component={RouterLink}
          to={`/planner/${departments.param}/couriers`}
          startIcon={<ArrowBackIcon />}
        >
          {translate('fleet.actions.back')}
        </Button>
      </Stack>
      {!departments.ready || (!isNew && rows.isLoading) ? (
        <Loading />
      ) : isNew || courier ? (
        <CourierForm key={courier?.id ?? 'new'} courier={courier ?? null} />
      ) : (
        <Alert severity="info">{translate('fleet.couriers.notFound')}</Alert>
      )}
    </Stack>
  );
}
