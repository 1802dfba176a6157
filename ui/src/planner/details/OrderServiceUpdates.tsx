import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  issueKey,
  updateDeliveryTimeSchema,
  updateServiceLevelSchema,
  updateVehicleTypeSchema,
  vehicleTypes,
  type CommandName,
  type ConsignmentRow,
  type OrderRow,
} from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { serviceOptions, useServiceTexts } from '../../booking/serviceTexts';
import { runQuery } from '../../shell/api';
import { usePlanningCommand } from '../planning/commands';

type Values = { serviceId: string; vehicleType: string; earliest: string; latest: string };

/** The first issue's message key per field of a payload the contract's schema refuses. */
function fieldErrors(schema: z.ZodType, payload: unknown): Record<string, string> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issueKey(issue);
  return errors;
}

/** One change: its field(s) and a Save that sends its command. */
function Change(props: { children: ReactNode; testId: string; onSave: () => void; busy: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="start" data-testid={props.testId}>
      {props.children}
      <Button size="small" variant="outlined" disabled={props.busy} onClick={props.onSave}>
        {translate('orderUpdates.save')}
      </Button>
    </Stack>
  );
}

/**
 * The booking extras of an order in its details (docs/decisions/0086-booking-extras.md): its
 * service (UPDATE_ORDER_SERVICE_LEVEL), the vehicle type it needs (UPDATE_ORDER_VEHICLE_TYPE) and
 * its delivery window (UPDATE_DELIVERY_TIME), each checked by the command's schema before it is
 * sent. Offered while the order may be edited, to a user who may send the command.
 */
export function OrderServiceUpdates({ row }: { row: ConsignmentRow }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { user } = useShell();
  const run = usePlanningCommand();
  const queryClient = useQueryClient();
  const texts = useServiceTexts();
  const allowed = (name: CommandName) => row.isEditable && mayRun(user, name);
  const offered = (
    ['UPDATE_ORDER_SERVICE_LEVEL', 'UPDATE_ORDER_VEHICLE_TYPE', 'UPDATE_DELIVERY_TIME'] as const
  ).some(allowed);
  const stored = useQuery({
    queryKey: ['orders', 'serviceUpdates', row.orderId, row.revision],
    enabled: offered,
    // A newer revision is read behind the fields shown (no flicker while the user types).
    placeholderData: (previous) => previous,
    queryFn: () => runQuery<OrderRow[]>('orders', { ids: [row.orderId] }),
  });
  // The previous answer kept behind may be another order's (the panel moved on): not used.
  const answer = stored.data?.[0];
  const order = answer?.orderId === row.orderId ? answer.order : undefined;
  // The fields start from the stored order once per order: a change saved (and pushed back)
  // does not wipe what the user is typing in another field.
  const [edit, setEdit] = useState<{ orderId: string; values: Values } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (order && edit?.orderId !== row.orderId) {
    setErrors({});
    setEdit({
      orderId: row.orderId,
      values: {
        serviceId: order.serviceId ?? '',
        vehicleType: order.vehicleType ?? '',
        earliest: order.deliveryTimeEarliest ?? '',
        latest: order.deliveryTimeLatest ?? '',
      },
    });
  }
  const [busy, setBusy] = useState(false);
  if (!offered || !order || edit?.orderId !== row.orderId) return null;
  const { values } = edit;

  const send = async (name: CommandName, schema: z.ZodType, payload: Record<string, unknown>) => {
    const found = fieldErrors(schema, { orderIds: [row.orderId], ...payload });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const answer = await run(
      name,
      { orderIds: [row.orderId], ...payload },
      {
        success: 'orderUpdates.done',
      },
    );
    setBusy(false);
    if (answer) void queryClient.invalidateQueries({ queryKey: ['orders', 'serviceUpdates'] });
  };
  const set = (field: keyof Values) => (e: { target: { value: string } }) =>
    setEdit({ orderId: row.orderId, values: { ...values, [field]: e.target.value } });
  const error = (field: string) => (errors[field] ? translate(errors[field]) : undefined);
  const services = serviceOptions(texts, locale, values.serviceId);
  return (
    <Stack spacing={1} data-testid="details-order-updates">
      <Typography variant="subtitle2" component="h3">
        {translate('orderUpdates.title')}
      </Typography>
      {allowed('UPDATE_ORDER_SERVICE_LEVEL') ? (
        <Change
          testId="update-service-level"
          busy={busy}
          onSave={() =>
            void send('UPDATE_ORDER_SERVICE_LEVEL', updateServiceLevelSchema, {
              serviceId: values.serviceId,
            })
          }
        >
          <TextField
            size="small"
            fullWidth
            select={services !== null}
            label={translate('booking.fields.serviceId')}
            value={values.serviceId}
            onChange={set('serviceId')}
            error={!!errors.serviceId}
            helperText={error('serviceId')}
          >
            {(services ?? [])
              .filter((o) => o.value !== '')
              .map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
          </TextField>
        </Change>
      ) : null}
      {allowed('UPDATE_ORDER_VEHICLE_TYPE') ? (
        <Change
          testId="update-vehicle-type"
          busy={busy}
          onSave={() =>
            void send('UPDATE_ORDER_VEHICLE_TYPE', updateVehicleTypeSchema, {
              vehicleType: values.vehicleType,
            })
          }
        >
          <TextField
            size="small"
            fullWidth
            select
            label={translate('booking.plan.vehicleType')}
            value={values.vehicleType}
            onChange={set('vehicleType')}
            error={!!errors.vehicleType}
            helperText={error('vehicleType')}
          >
            {vehicleTypes.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`booking.vehicleTypes.${t}`)}
              </MenuItem>
            ))}
          </TextField>
        </Change>
      ) : null}
      {allowed('UPDATE_DELIVERY_TIME') ? (
        <Change
          testId="update-delivery-time"
          busy={busy}
          onSave={() =>
            void send('UPDATE_DELIVERY_TIME', updateDeliveryTimeSchema, {
              deliveryTimeEarliest: values.earliest,
              deliveryTimeLatest: values.latest,
            })
          }
        >
          {(['earliest', 'latest'] as const).map((end) => {
            const field = end === 'earliest' ? 'deliveryTimeEarliest' : 'deliveryTimeLatest';
            return (
              <TextField
                key={end}
                size="small"
                fullWidth
                label={translate(`booking.fields.${field}`)}
                placeholder="HH:mm"
                value={values[end]}
                onChange={set(end)}
                error={!!errors[field]}
                helperText={error(field)}
                slotProps={{ htmlInput: { maxLength: 5 } }}
              />
            );
          })}
        </Change>
      ) : null}
    </Stack>
  );
}
