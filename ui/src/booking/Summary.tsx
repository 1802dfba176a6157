import SaveIcon from '@mui/icons-material/Save';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isHeavyGoods, isPalletPreset, packageVolume, toNumber } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { formatTimeWindow, nextDayWindow } from '../i18n/timeWindow';
import type { FormValues, LineValues } from './formModel';

const num = (v: string) => {
  const n = toNumber(v);
  return Number.isFinite(n) ? n : 0;
};

/** Totals of the package lines (spec §5: volume rule, heavy goods, pallets). */
export function totals(lines: readonly LineValues[]) {
  let packages = 0;
  let weight = 0;
  let volume = 0;
  let pallets = 0;
  for (const l of lines) {
    const q = Math.max(0, Math.trunc(num(l.quantity)));
    packages += q;
    weight += num(l.weight) * q;
    volume +=
      packageVolume({
        length: num(l.length),
        width: num(l.width),
        height: num(l.height),
        volume: num(l.volume),
      }) * q;
    if (isPalletPreset(l.presetDimension)) pallets += q;
  }
  return {
    packages,
    weight: Math.round(weight * 100) / 100,
    volume: Math.round(volume * 100) / 100,
    pallets,
    heavy: isHeavyGoods(lines.map((l) => num(l.weight))),
  };
}

/** The sticky summary with Save (UI.md booking form). */
export function Summary({ saving }: { saving: boolean }) {
  const translate = useTranslate();
  const lines = useWatch<FormValues, 'measurements'>({ name: 'measurements' });
  const [earliest, latest] = useWatch<FormValues, ['deliveryTimeEarliest', 'deliveryTimeLatest']>({
    name: ['deliveryTimeEarliest', 'deliveryTimeLatest'],
  });
  const { submitCount, isValid } = useFormState<FormValues>();
  const t = totals(lines);
  const delivery = formatTimeWindow(earliest, latest, nextDayWindow(translate));
  return (
    <Paper
      elevation={6}
      component="section"
      aria-label={translate('booking.summary')}
      sx={{ position: 'sticky', bottom: 0, zIndex: 2, p: 1.5, mt: 2 }}
    >
      <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap' }}>
        <Typography data-testid="summary-packages">
          {translate('booking.totalPackages', { smart_count: t.packages })}
        </Typography>
        <Typography>{translate('booking.totalWeight', { value: t.weight })}</Typography>
        <Typography>{translate('booking.totalVolume', { value: t.volume })}</Typography>
        {t.pallets > 0 ? (
          <Typography>{translate('booking.pallets', { value: t.pallets })}</Typography>
        ) : null}
        {delivery ? (
          <Typography data-testid="summary-delivery-window">
            {translate('booking.summaryDelivery', { window: delivery })}
          </Typography>
        ) : null}
        {t.heavy ? (
          <Chip icon={<WarningIcon />} color="warning" label={translate('booking.heavyGoods')} />
        ) : null}
        <Typography sx={{ flexGrow: 1 }} color="error" role="status">
          {submitCount > 0 && !isValid ? translate('booking.fixErrors') : ''}
        </Typography>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
          {translate(saving ? 'booking.saving' : 'booking.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
