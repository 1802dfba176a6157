import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UnitRow, VendorRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { failureText } from '../../../errors/parse';
import { freshQuery } from '../../../preAdvice/queries';
import { sendCommand } from '../../../shell/api';

/**
 * The units at each of a vendor's sites (docs/decisions/0091): the vendor's department's units,
 * chosen per site and saved with CONNECT_UNITS_TO_VENDOR_SITE (the site's units become these; a
 * unit at another site moves here).
 */
export function SiteUnits() {
  const vendor = useRecordContext<VendorRow>();
  const translate = useTranslate();
  const mayRun = useMayRun();
  const units = useQuery({
    queryKey: ['units', 'vendor', vendor?.departmentId],
    enabled: Boolean(vendor),
    queryFn: () => freshQuery<UnitRow[]>('units', { departmentIds: [vendor!.departmentId] }),
  });
  if (!vendor || vendor.sites.length === 0 || !mayRun('CONNECT_UNITS_TO_VENDOR_SITE')) return null;
  return (
    <Paper component="section" aria-labelledby="vendor-units" sx={{ p: 2, mt: 2, minWidth: 480 }}>
      <Typography id="vendor-units" variant="h6" component="h2">
        {translate('vendors.unitsTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('vendors.unitsHelp')}
      </Typography>
      {vendor.sites.map((site) => (
        <SiteRow
          key={site.code}
          vendorId={vendor.id}
          code={site.code}
          name={site.name}
          connected={vendor.units[site.code] ?? []}
          units={units.data ?? []}
        />
      ))}
    </Paper>
  );
}

function SiteRow(props: {
  vendorId: string;
  code: string;
  name: string;
  connected: string[];
  units: UnitRow[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [chosen, setChosen] = useState<string[]>(props.connected);
  const [busy, setBusy] = useState(false);
  const byId = new Map(props.units.map((u) => [u.id, u]));
  const save = async () => {
    setBusy(true);
    try {
      await sendCommand('CONNECT_UNITS_TO_VENDOR_SITE', {
        vendorId: props.vendorId,
        siteCode: props.code,
        unitIds: chosen,
      });
      notify(translate('vendors.unitsSaved', { site: props.name }), { type: 'info' });
      refresh();
    } catch (err) {
      notify(failureText(err, translate), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const label = translate('vendors.unitsAt', { site: `${props.code} ${props.name}` });
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
      <Autocomplete
        multiple
        sx={{ minWidth: 360 }}
        options={props.units.map((u) => u.id)}
        value={chosen}
        onChange={(_e, value) => setChosen(value)}
        getOptionLabel={(id) => byId.get(id)?.name ?? id}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      <Button variant="outlined" disabled={busy} onClick={() => void save()}>
        {translate('vendors.saveUnits')}
      </Button>
    </Stack>
  );
}
