import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  holidayPolicies,
  saveRecurringOrderSchema,
  type HolidayPolicy,
  type RecurringOrderRow,
} from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { failureText } from '../../errors/parse';
import { runQuery, sendCommand } from '../../shell/api';
import { badOrderRefs, parseOrderRefs } from './queries';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface Values {
  name: string;
  orders: string;
  startDate: string;
  endDate: string;
  mode: 'WEEKDAYS' | 'INTERVAL';
  weekdays: number[];
  intervalDays: string;
  holidayPolicy: HolidayPolicy;
}

const initial = (row: RecurringOrderRow | null, today: string, orders: string): Values => ({
  name: row?.name ?? '',
  orders,
  startDate: row?.startDate ?? today,
  endDate: row?.endDate ?? '',
  mode: row?.intervalDays ? 'INTERVAL' : 'WEEKDAYS',
  weekdays: row?.weekdays ?? [1, 2, 3, 4, 5],
  intervalDays: String(row?.intervalDays ?? 7),
  holidayPolicy: row?.holidayPolicy ?? 'SKIP',
});

/**
 * The recurring order's form (docs/decisions/0058): its name, the orders it books (typed as order
 * ids or shipment numbers; an edit adds them), its dates, weekdays or interval and what a public
 * holiday does. Checked by the server's own schema before it is sent.
 */
export function RecurringForm({
  row,
  today,
  orders = '',
  onClose,
}: {
  /** The recurring order edited (null: a new one). */
  row: RecurringOrderRow | null;
  today: string;
  /** Orders filled in (order ids or shipment numbers). */
  orders?: string;
  onClose: (saved: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Values>(() => initial(row, today, orders));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  /** The typed orders as ids: shipment numbers are looked up. */
  const orderIds = async (): Promise<string[] | null> => {
    const bad = badOrderRefs(values.orders);
    if (bad.length > 0) {
      setErrors({ orderIds: translate('recurring.badOrders', { words: bad.join(', ') }) });
      return null;
    }
    const { ids, shipments } = parseOrderRefs(values.orders);
    for (const shipmentId of shipments) {
      try {
        const found = await runQuery<{ id: string }[]>('orders', { shipmentId });
        ids.push(...found.map((o) => String(o.id)));
      } catch {
        setErrors({ orderIds: translate('recurring.unknownShipment', { id: shipmentId }) });
        return null;
      }
    }
    return [...new Set(ids)];
  };

  const save = async () => {
    setBusy(true);
    try {
      const ids = await orderIds();
      if (!ids) return;
      const payload = {
        ...(row ? { recurringOrderId: row.id } : {}),
        orderIds: ids,
        name: values.name,
        startDate: values.startDate,
        endDate: values.endDate || null,
        weekdays: values.weekdays.length > 0 ? values.weekdays : [1, 2, 3, 4, 5],
        intervalDays: values.mode === 'INTERVAL' ? Number(values.intervalDays) : null,
        holidayPolicy: values.holidayPolicy,
      };
      const parsed = saveRecurringOrderSchema.safeParse(payload);
      if (!parsed.success) {
        const found: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'orderIds');
          found[field] = issue.message.startsWith('validation.')
            ? translate(issue.message)
            : translate('recurring.invalid');
        }
        setErrors(found);
        return;
      }
      setErrors({});
      await sendCommand('SAVE_RECURRING_ORDER', parsed.data);
      notify(translate('recurring.saved'), { type: 'info' });
      onClose(true);
    } catch (err) {
      notify(`${translate('recurring.saveFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(row ? 'recurring.edit' : 'recurring.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('recurring.name')}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'recurring-name', maxLength: 100 } }}
          />
          <TextField
            label={translate(row ? 'recurring.addOrders' : 'recurring.orders')}
            value={values.orders}
            onChange={(e) => set({ orders: e.target.value })}
            size="small"
            error={!!errors.orderIds}
            helperText={errors.orderIds ?? translate('recurring.ordersHint')}
            slotProps={{ htmlInput: { 'data-testid': 'recurring-orders' } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              type="date"
              label={translate('recurring.startDate')}
              value={values.startDate}
              onChange={(e) => set({ startDate: e.target.value })}
              size="small"
              error={!!errors.startDate}
              helperText={errors.startDate ?? ' '}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'recurring-start' },
              }}
            />
            <TextField
              type="date"
              label={translate('recurring.endDate')}
              value={values.endDate}
              onChange={(e) => set({ endDate: e.target.value })}
              size="small"
              error={!!errors.endDate}
              helperText={errors.endDate ?? translate('recurring.endHint')}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'recurring-end' },
              }}
            />
          </Stack>
          <TextField
            select
            label={translate('recurring.repeat')}
            value={values.mode}
            onChange={(e) => set({ mode: e.target.value as Values['mode'] })}
            size="small"
            data-testid="recurring-mode"
          >
            <MenuItem value="WEEKDAYS">{translate('recurring.repeatWeekdays')}</MenuItem>
            <MenuItem value="INTERVAL">{translate('recurring.repeatInterval')}</MenuItem>
          </TextField>
          {values.mode === 'WEEKDAYS' ? (
            <FormGroup row role="group" aria-label={translate('recurring.repeatWeekdays')}>
              <FormLabel component="legend" sx={{ width: '100%' }}>
                {translate('recurring.repeatWeekdays')}
              </FormLabel>
              {WEEKDAYS.map((d) => (
                <FormControlLabel
                  key={d}
                  label={translate(`recurring.weekdays.d${d}`)}
                  control={
                    <Checkbox
                      checked={values.weekdays.includes(d)}
                      onChange={(e) =>
                        set({
                          weekdays: e.target.checked
                            ? [...values.weekdays, d].sort()
                            : values.weekdays.filter((w) => w !== d),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          ) : (
            <TextField
              type="number"
              label={translate('recurring.intervalDays')}
              value={values.intervalDays}
              onChange={(e) => set({ intervalDays: e.target.value })}
              size="small"
              error={!!errors.intervalDays}
              helperText={errors.intervalDays ?? ' '}
              slotProps={{ htmlInput: { min: 1, max: 365, 'data-testid': 'recurring-interval' } }}
            />
          )}
          <TextField
            select
            label={translate('recurring.holidayPolicy')}
            value={values.holidayPolicy}
            onChange={(e) => set({ holidayPolicy: e.target.value as HolidayPolicy })}
            size="small"
            data-testid="recurring-policy"
          >
            {holidayPolicies.map((p) => (
              <MenuItem key={p} value={p}>
                {translate(`recurring.policies.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('recurring.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void save()}
          data-testid="recurring-save"
        >
          {translate('recurring.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
