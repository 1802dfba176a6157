import type { SlotView } from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useDaySlots, useDeliveryNotes, useDepartment, useResourceNames } from './data';
import { useFormats } from './format';
import { isDateParam, notesBySlot } from './model';
import { DateChoice, RouteListFrame } from './parts';
import { LoadSheet, ReceiptSheet } from './SlotSheets';

/**
 * `/planner/{departmentId}/planning/slots/{date}/receipt-list` and `.../load-list` (spec §2): the
 * receipt list or the load list of every slot of a day, a page per slot.
 */
export function DayListPage({ kind }: { kind: 'receipt-list' | 'load-list' }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { departmentId = '', date: dateParam } = useParams();
  const date = isDateParam(dateParam) ? dateParam : null;
  const department = useDepartment(departmentId);
  const f = useFormats(department.timeZone);
  const slots = useDaySlots(department.members, date);
  const notes = useDeliveryNotes(
    date && department.members.length > 0 ? { date, departmentIds: department.members } : null,
  );
  const names = useResourceNames(department.members);
  const bySlot = useMemo(() => notesBySlot(notes.data ?? []), [notes.data]);
  const receipt = kind === 'receipt-list';
  const title = translate(`routeLists.titles.${receipt ? 'receiptList' : 'loadList'}`);
  const notice = !date
    ? { severity: 'info' as const, text: translate('routeLists.invalidDate') }
    : slots.isError || notes.isError
      ? { severity: 'error' as const, text: translate('routeLists.loadFailed') }
      : department.isPending || slots.isLoading || notes.isLoading || names.isPending
        ? { severity: 'info' as const, text: translate('routeLists.loading') }
        : (slots.data ?? []).length === 0
          ? { severity: 'info' as const, text: translate('routeLists.noSlots') }
          : null;
  const Sheet = receipt ? ReceiptSheet : LoadSheet;
  return (
    <RouteListFrame
      page={receipt ? 'receiptList' : 'loadList'}
      title={date ? `${title} ${f.date(date)}` : title}
      tools={
        <DateChoice
          value={date ?? ''}
          onChange={(d) => void navigate(`/planner/${departmentId}/planning/slots/${d}/${kind}`)}
        />
      }
      notice={notice}
    >
      {(slots.data ?? []).map((slot: SlotView) => (
        <Sheet
          key={slot.id}
          slot={slot}
          notes={bySlot.get(slot.id) ?? []}
          departmentName={bySlot.get(slot.id)?.[0]?.slot.departmentName ?? department.name}
          names={names}
          f={f}
        />
      ))}
    </RouteListFrame>
  );
}

export function ReceiptListPage() {
  return <DayListPage kind="receipt-list" />;
}

export function DayLoadListPage() {
  return <DayListPage kind="load-list" />;
}
