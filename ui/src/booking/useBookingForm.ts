import type { OrderRow } from '@nordlog/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { HttpFailure } from '../errors/parse';
import { timeZoneFor } from '../i18n/locales';
import { useScreenBase } from '../portal/portalContext';
import { runQuery, sendCommand } from '../shell/api';
import { calendarFormIssues, useDepartmentCalendar } from './calendar';
import { bookingResolver, toInput } from './formInput';
import { createsOrder, type BookingMode, type FormValues } from './formModel';
import type { Choice } from './bookingChoices';

/**
 * An order form's state with every rule of the order (the booking form's and the h2 booking's,
 * docs/decisions/0086): the contract's schema, the clock and the chosen department's calendar
 * (0078), read for the department chosen and applied by the resolver.
 */
export function useBookingForm(mode: BookingMode, defaults: FormValues, departments: Choice[]) {
  const [departmentId, setDepartmentId] = useState(defaults.departmentId);
  const country = departments.find((d) => d.value === departmentId)?.country ?? 'NO';
  const calendar = useDepartmentCalendar(departmentId, country);
  const calendarRef = useRef(calendar);
  calendarRef.current = calendar;
  const stored = createsOrder(mode) ? null : defaults;
  const form = useForm<FormValues>({
    defaultValues: defaults,
    mode: 'onTouched',
    resolver: bookingResolver({
      now: () => new Date(),
      timeZone: (v) => timeZoneFor(v.pickup.countryCode),
      calendar: (v) =>
        calendarRef.current ? calendarFormIssues(v, calendarRef.current, new Date(), stored) : [],
    }),
  });
  const watchedDepartment = useWatch({ control: form.control, name: 'departmentId' });
  useEffect(() => setDepartmentId(watchedDepartment), [watchedDepartment]);
  return { form, calendar };
}

/** Every leaf path of the form values, to tell a server field error from another error. */
function flatten(
  value: unknown,
  prefix = '',
  out: Record<string, true> = {},
): Record<string, true> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out[prefix] = true;
  return out;
}

/**
 * Saving an order form (the booking form's and the h2 booking's, docs/decisions/0086): the same
 * CREATE_ORDER or UPDATE_ORDER, the server's field refusals on their fields, then the
 * confirmation page.
 */
export function useOrderSave(
  form: UseFormReturn<FormValues>,
  mode: BookingMode,
  existing: OrderRow | null,
) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // In the customer portal the confirmation is the portal's (docs/decisions/0074).
  const base = useScreenBase();
  const confirm = (shipmentId: string | null, orderId: string) =>
    navigate(`${base}/confirmation/${shipmentId ?? orderId}`);

  const save = async (values: FormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const input = toInput(values);
      if (createsOrder(mode)) {
        const answer = await sendCommand('CREATE_ORDER', input);
        const orderId = answer.ids[0]!;
        const [row] = await runQuery<OrderRow[]>('orders', { ids: [orderId] });
        await confirm(row?.shipmentId ?? null, orderId);
        return;
      }
      const orderId = existing!.orderId;
      if (mode === 'restore') await sendCommand('RESTORE_ORDERS', { orderIds: [orderId] });
      const { departmentId: _department, ...fields } = input;
      await sendCommand('UPDATE_ORDER', { ...fields, orderId });
      await confirm(existing!.shipmentId, orderId);
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      let fieldErrors = 0;
      for (const e of err.errors) {
        const field = e.params?.field;
        const key = e.params?.key;
        if (typeof field === 'string' && typeof key === 'string' && field in flatten(values)) {
          form.setError(field as Path<FormValues>, { type: 'server', message: key });
          fieldErrors++;
        }
      }
      const first = err.errors[0];
      const message =
        fieldErrors > 0
          ? translate('booking.fixErrors')
          : first?.errorType
            ? translate(`errors.${first.errorType}`, { _: first.description ?? first.errorType })
            : translate('booking.saveFailed');
      setFailure(message);
      notify(message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return { save, saving, failure };
}
