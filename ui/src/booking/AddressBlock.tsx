import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CoordinatesField } from './CoordinatesField';
import { RecipientLookup } from './RecipientLookup';
import {
  geoPrecisions,
  isApproximate,
  type AddressResult,
  type AddressRow,
} from '@nordlog/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddressSearch } from '../maps/AddressSearch';
import { ApproximateMark } from '../maps/GeoMarks';
import { runQuery, sendCommand } from '../shell/api';
import { PREVIEW_HEIGHT } from '../planner/map/constants';
import { blockFieldLayout } from './blockLayout';
import { countryOptions } from './countryOptions';
import { Field } from './fields';
import { blockValues, type FormValues } from './formModel';

const MapPreview = lazy(() => import('./MapPreview'));

/** The form's precision text as a precision ('' or anything else: not known). */
const knownPrecision = (text: string) => geoPrecisions.find((p) => p === text) ?? null;

/** Countries by name in the user's language (spec §9 address country list). */
function useCountryOptions() {
  return countryOptions(useLocale());
}

/**
 * The block's address search (the shared `AddressSearch`, the block's country as restriction): a
 * suggestion fills the block, and a planner's pin of an approximate address comes before its point.
 */
function BlockAddressSearch({ side }: { side: 'pickup' | 'delivery' }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<FormValues>();
  const [countryCode, customerId] = useWatch<
    FormValues,
    [`${typeof side}.countryCode`, 'customerId']
  >({ name: [`${side}.countryCode`, 'customerId'] });
  // A saved address of the customer (docs/decisions/0061) fills the whole block, its point too.
  const pickSaved = (row: AddressRow) => {
    const block = blockValues(row.block);
    for (const field of Object.keys(block) as (keyof typeof block)[])
      setValue(`${side}.${field}`, block[field], { shouldValidate: true, shouldDirty: true });
  };
  const pick = async (result: AddressResult) => {
    const set = (field: keyof FormValues['pickup'], value: string) =>
      setValue(`${side}.${field}`, value, { shouldValidate: true, shouldDirty: true });
    if (result.streetname) set('address', result.streetname);
    else if (!getValues(`${side}.address`)) set('address', '');
    set('zipCode', result.zipCode);
    set('zipArea', result.zipArea);
    set('countryCode', result.countryCode);
    set('lat', result.latLng ? String(result.latLng.lat) : '');
    set('lng', result.latLng ? String(result.latLng.lng) : '');
    set('resolvedBy', result.latLng ? 'FRONTEND' : '');
    set('precision', result.latLng ? result.precision : '');
    // A planner's pin of this address in the department comes before an approximate point
    // (issue 36): the address was placed at its door before.
    if (result.streetname && isApproximate(result.precision)) {
      const pin = await runQuery<{ lat: number; lng: number } | null>('pinnedAddress', {
        departmentId: getValues('departmentId'),
        address: result.streetname,
        zipCode: result.zipCode,
        zipArea: result.zipArea,
        countryCode: result.countryCode,
      }).catch(() => null);
      if (pin) {
        set('lat', String(pin.lat));
        set('lng', String(pin.lng));
        set('precision', 'address');
      }
    }
  };
  return (
    <AddressSearch
      countryCode={countryCode}
      label={translate('booking.findAddress')}
      helperText={translate('booking.findAddressHint')}
      onPick={(result) => void pick(result)}
      saved={{
        customerId,
        usage: side === 'pickup' ? 'PICKUP' : 'DELIVERY',
        onPick: pickSaved,
      }}
    />
  );
}

/** One pickup or delivery block (spec §3) with its autocomplete and map preview. */
export function AddressBlock({
  side,
  tileUrl,
  attribution,
}: {
  side: 'pickup' | 'delivery';
  tileUrl: string;
  attribution: string;
}) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<FormValues>();
  const countries = useCountryOptions();
  const [lat, lng, precision] = useWatch<
    FormValues,
    [`${typeof side}.lat`, `${typeof side}.lng`, `${typeof side}.precision`]
  >({
    name: [`${side}.lat`, `${side}.lng`, `${side}.precision`],
  });
  // A typed address is no longer the one the coordinates belong to: the server looks it up.
  const unplace = () => {
    setValue(`${side}.lat`, '');
    setValue(`${side}.lng`, '');
    setValue(`${side}.resolvedBy`, '');
    setValue(`${side}.precision`, '');
    setMoved(false);
  };
  // Issue 36: the pin of an approximate address can be moved to the door; the point is the
  // order's (precision `address`) and is kept as the department's pin of the address.
  const [moved, setMoved] = useState(false);
  const move = useCallback(
    (toLat: number, toLng: number) => {
      const round = (n: number) => String(Math.round(n * 1e6) / 1e6);
      setValue(`${side}.lat`, round(toLat), { shouldDirty: true });
      setValue(`${side}.lng`, round(toLng), { shouldDirty: true });
      setValue(`${side}.resolvedBy`, 'FRONTEND');
      setValue(`${side}.precision`, 'address');
      setMoved(true);
      const block = getValues(side);
      if (block.address.trim())
        void sendCommand('PIN_ADDRESS', {
          departmentId: getValues('departmentId'),
          address: block.address,
          zipCode: block.zipCode,
          zipArea: block.zipArea,
          countryCode: block.countryCode,
          lat: Number(round(toLat)),
          lng: Number(round(toLng)),
        }).catch(() => undefined);
    },
    [getValues, setValue, side],
  );
  const f = (name: keyof FormValues['pickup']) => ({
    name: `${side}.${name}` as const,
    label: translate(`booking.fields.${name}`),
  });
  const placed =
    lat !== '' && lng !== '' && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng));
  return (
    <Paper
      component="section"
      aria-labelledby={`${side}-title`}
      sx={{ p: 2, height: '100%' }}
      variant="outlined"
    >
      <Typography id={`${side}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`booking.${side}`)}
      </Typography>
      {side === 'pickup' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('booking.pickupEmptyHint')}
        </Typography>
      ) : null}
      <Grid container spacing={1.5}>
        {side === 'delivery' ? (
          <Grid size={12}>
            <RecipientLookup />
          </Grid>
        ) : null}
        <Grid size={12}>
          <BlockAddressSearch side={side} />
        </Grid>
        {blockFieldLayout.map((spec) => (
          <Grid key={spec.name} size={spec.size}>
            <Field
              {...f(spec.name)}
              {...(spec.moves ? { onEdited: unplace } : {})}
              {...(spec.countries ? { options: countries } : {})}
              {...(spec.type ? { type: spec.type } : {})}
              {...(spec.multiline
                ? { multiline: true, maxRows: 4, maxLength: spec.multiline }
                : {})}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <CoordinatesField prefix={side} />
        </Grid>
        <Grid size={12}>
          {placed ? (
            <Box sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <ApproximateMark precision={precision} testId={`${side}-approximate`} />
              {moved || isApproximate(knownPrecision(precision)) ? (
                <Typography variant="body2" color="text.secondary" data-testid={`${side}-pin-hint`}>
                  {translate(moved ? 'geo.pinned' : 'geo.dragPin')}
                </Typography>
              ) : null}
            </Box>
          ) : null}
          {placed ? (
            <Suspense fallback={<Box sx={{ height: PREVIEW_HEIGHT }} />}>
              <MapPreview
                lat={Number(lat)}
                lng={Number(lng)}
                tileUrl={tileUrl}
                attribution={attribution}
                label={translate('booking.map', { side: translate(`booking.${side}`) })}
                onMove={moved || isApproximate(knownPrecision(precision)) ? move : undefined}
              />
            </Suspense>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid={`${side}-not-placed`}>
              {translate('booking.notPlaced')}
            </Typography>
          )}
        </Grid>
      </Grid>
    </Paper>
  );
}
