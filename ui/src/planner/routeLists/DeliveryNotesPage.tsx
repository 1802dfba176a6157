import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SlotHeader } from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useDeliveryNotes, useDepartment } from './data';
import { useFormats } from './format';
import { isDateParam, isIdParam } from './model';
import { DateChoice, RouteListFrame } from './parts';
import { WaybillDocument } from './WaybillDocument';

const ALL = 'all';

/**
 * `/planner/{departmentId}/delivery-notes?date=&slot=` (spec §2): a delivery note for the
 * recipient to sign per consignment planned on the day (today unless chosen), or in one slot of
 * it; a page each.
 */
export default function DeliveryNotesPage() {
  const translate = useTranslate();
  const { departmentId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const department = useDepartment(departmentId);
  const f = useFormats(department.timeZone);
  const asked = search.get('date') ?? '';
  const date = isDateParam(asked) ? asked : department.today;
  const slotParam = search.get('slot') ?? '';
  const slotId = isIdParam(slotParam) ? slotParam : ALL;
  const notes = useDeliveryNotes(
    department.isPending ? null : { date, departmentIds: department.members },
  );
  const slots = useMemo(() => {
    const seen = new Map<string, SlotHeader>();
    for (const n of notes.data ?? []) if (!seen.has(n.slot.id)) seen.set(n.slot.id, n.slot);
    return [...seen.values()];
  }, [notes.data]);
  const shown = (notes.data ?? []).filter((n) => slotId === ALL || n.slot.id === slotId);
  const notice = notes.isError
    ? { severity: 'error' as const, text: translate('routeLists.loadFailed') }
    : department.isPending || notes.isLoading
      ? { severity: 'info' as const, text: translate('routeLists.loading') }
      : shown.length === 0
        ? { severity: 'info' as const, text: translate('routeLists.noDeliveryNotes') }
        : null;
  const choose = (next: { date?: string; slot?: string }) => {
    const params: Record<string, string> = { date: next.date ?? date };
    const slot = next.slot ?? (next.date ? ALL : slotId);
    if (slot !== ALL) params.slot = slot;
    setSearch(params, { replace: true });
  };
  return (
    <RouteListFrame
      page="deliveryNotes"
      title={`${translate('routeLists.titles.deliveryNotes')} ${f.date(date)}`}
      tools={
        <>
          <DateChoice value={date} onChange={(d) => choose({ date: d })} />
          <TextField
            select
            size="small"
            label={translate('routeLists.slot')}
            value={slots.some((s) => s.id === slotId) ? slotId : ALL}
            onChange={(e) => choose({ slot: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={ALL}>{translate('routeLists.allSlots')}</MenuItem>
            {slots.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {`${s.name} (${f.time(s.timeFrom)})`}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
      notice={notice}
    >
      {shown.map((note) => (
        <WaybillDocument key={`${note.slot.id}:${note.orderId}`} waybill={note} f={f} />
      ))}
    </RouteListFrame>
  );
}
