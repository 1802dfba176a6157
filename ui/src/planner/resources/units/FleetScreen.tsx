import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../layout/pageTitle';
import { VehicleLending } from '../vehicles/VehicleLending';
import { useScreenDepartments } from '../common';
import { UnitForm, type FleetKind } from './UnitForm';
import { UnitList, useFleetRows } from './UnitList';

/**
 * The units or the vehicles screens (spec §2 `/units`, `/units/{unitId}`, `/vehicles`,
 * `/vehicles/{vehicleId}`): the list, `new`, and one unit or vehicle record.
 */
export function FleetScreen({ kind }: { kind: FleetKind }) {
  usePageTitle(kind);
  return (
    <Box sx={{ p: 2 }}>
      <Routes>
        <Route index element={<UnitList kind={kind} />} />
        <Route path="new" element={<UnitPage kind={kind} />} />
        <Route path=":unitId/*" element={<UnitPage kind={kind} />} />
      </Routes>
    </Box>
  );
}

/** One unit or vehicle record (or a new one): heading, back link, the form. */
function UnitPage({ kind }: { kind: FleetKind }) {
  const translate = useTranslate();
  const { unitId = 'new' } = useParams();
  const departments = useScreenDepartments();
  const isNew = unitId === 'new';
  // Every unit the user sees, inactive ones too: the record may belong to another of its departments.
  const rows = useFleetRows(kind, null, true);
  const unit = isNew ? null : (rows.data ?? []).find((r) => r.id === unitId);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate(`fleet.${kind}.${isNew ? 'new' : 'edit'}`)}
          {unit ? `: ${unit.name}` : ''}
        </Typography>
        <Button
          component={RouterLink}
          to={`/planner/${departments.param}/${kind}`}
          startIcon={<ArrowBackIcon />}
        >
          {translate('fleet.actions.back')}
        </Button>
      </Stack>
      {!departments.ready || (!isNew && rows.isLoading) ? (
        <Loading />
      ) : isNew || unit ? (
        <>
          <UnitForm key={unit?.id ?? 'new'} kind={kind} unit={unit ?? null} />
          {unit && kind === 'vehicles' ? <VehicleLending vehicle={unit} /> : null}
        </>
      ) : (
        <Alert severity="info">{translate(`fleet.${kind}.notFound`)}</Alert>
      )}
    </Stack>
  );
}
