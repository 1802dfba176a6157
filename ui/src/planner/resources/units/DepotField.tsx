import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { AddressSearch } from '../../../maps/AddressSearch';
import { ApproximateMark } from '../../../maps/GeoMarks';
import { useErrorText } from '../common';
import { depotFromSuggestion, depotText, type UnitFormValues } from './unitForm';

/**
 * A unit's depot (docs/decisions/0041-depot.md): the address it is at, or "No depot", found with
 * the shared address search (the geocoder's suggestions, those with a position) and removable.
 * No latitude or longitude to type: a depot is an address.
 */
export function DepotField({
  name,
  label,
  countryCode,
}: {
  name: 'startLocation' | 'endLocation';
  label: string;
  countryCode: string | undefined;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { control } = useFormContext<UnitFormValues>();
  const { field, fieldState } = useController({ control, name });
  const depot = field.value;
  const error = errorText(fieldState.error?.message);
  return (
    <Stack spacing={1} role="group" aria-labelledby={`${name}-label`}>
      <Typography id={`${name}-label`} variant="subtitle2">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" minHeight={32}>
        <Typography data-testid={`${name}-address`}>
          {depotText(depot) ?? translate('fleet.depot.none')}
        </Typography>
        {depot ? <ApproximateMark precision={depot.precision} /> : null}
        {depot ? (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('fleet.depot.remove')}
          </Button>
        ) : null}
      </Stack>
      <AddressSearch
        countryCode={countryCode}
        label={translate('fleet.depot.search')}
        helperText={error ?? translate('fleet.depot.searchHint')}
        error={error !== undefined}
        withPoint
        onPick={(result) => {
          const picked = depotFromSuggestion(result);
          if (picked) field.onChange(picked);
        }}
      />
    </Stack>
  );
}
