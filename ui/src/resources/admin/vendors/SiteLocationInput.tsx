import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Depot } from '@nordlog/contracts';
import { useInput, useTranslate } from 'react-admin';
import { AddressSearch } from '../../../maps/AddressSearch';
import { depotFromSuggestion } from '../../../planner/resources/units/unitForm';

/**
 * A vendor site's place (docs/decisions/0091): an address found with the shared address search
 * (the geocoder's suggestions with a point), or none; removable. As a unit's depot.
 */
export function SiteLocationInput({ source }: { source: string; label?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: null });
  const place = field.value as Depot | null;
  return (
    <Stack spacing={1} sx={{ minWidth: 320 }}>
      <Stack direction="row" spacing={1} alignItems="center" minHeight={32}>
        <Typography variant="body2">{place?.address || translate('vendors.noLocation')}</Typography>
        {place ? (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('vendors.removeLocation')}
          </Button>
        ) : null}
      </Stack>
      <AddressSearch
        label={translate('vendors.findLocation')}
        withPoint
        onPick={(result) => {
          const picked = depotFromSuggestion(result);
          if (picked) field.onChange(picked);
        }}
      />
    </Stack>
  );
}
