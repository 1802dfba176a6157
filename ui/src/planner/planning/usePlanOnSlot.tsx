import type { ConsignmentRow, SlotView } from '@nordlog/contracts';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { failureOfType, usePlanningCommand } from './commands';
import { CapacityDialog, ConfirmDialog, PlanOnSlotDialog } from './Dialogs';
import { capacityOverage, type LoadKind } from './planningData';

/** What planning on a slot looks up at the moment it runs (the board's latest data). */
export interface PlanLookup {
  slotById: ReadonlyMap<string, SlotView>;
  rowById: ReadonlyMap<string, Pick<ConsignmentRow, 'slotId'>>;
  slotOfConsignment: ReadonlyMap<string, string>;
}

/**
 * Planning consignments on a slot (spec §7): by the keyboard a slot is chosen in a dialog; a move
 * from another slot asks first; over capacity offers "plan anyway". `onPlanned` (kept the same
 * between renders by the caller) hears the ids once the server has taken them.
 */
export function usePlanOnSlot(props: {
  latest: { readonly current: PlanLookup };
  slots: readonly SlotView[];
  timeZone: string;
  slotNameOf: (id: string | undefined) => string;
  onPlanned: (ids: string[]) => void;
}) {
  const { latest, onPlanned, slotNameOf } = props;
  const translate = useTranslate();
  const run = usePlanningCommand();
  const [planRequest, setPlanRequest] = useState<{
    ids: string[];
    fromSlotId: string | null;
  } | null>(null);
  const [moveConfirm, setMoveConfirm] = useState<{
    ids: string[];
    slotId: string;
    from: string[];
  } | null>(null);
  const [capacity, setCapacity] = useState<{
    ids: string[];
    slotId: string;
    over: { kind: LoadKind; amount: number }[];
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = useCallback(
    async (ids: string[], slotId: string, force: boolean) => {
      const slot = latest.current.slotById.get(slotId);
      setBusy(true);
      const answer = await run(
        'UPDATE_CONSIGNMENT_SLOT',
        { consignmentIds: ids, slotId, force },
        {
          success: 'planning.plan.done',
          successArgs: { smart_count: ids.length, slot: slot?.name ?? slotId },
          onFailure: (err) => {
            const e = failureOfType(err, 'CAPACITY_EXCEEDED');
            if (!e) return false;
            setCapacity({ ids, slotId, over: capacityOverage(e.params) });
            return true;
          },
        },
      );
      setBusy(false);
      if (answer) onPlanned(ids);
      return answer !== null;
    },
    [run, latest, onPlanned],
  );

  const plan = useCallback(
    (ids: string[], slotId: string, fromSlotId: string | null = null) => {
      const { rowById: byId, slotOfConsignment: planned } = latest.current;
      const onSlot = (id: string) => planned.get(id) ?? byId.get(id)?.slotId ?? fromSlotId;
      const fresh = ids.filter((id) => onSlot(id) !== slotId);
      if (fresh.length === 0) return;
      const from = [...new Set(fresh.map(onSlot).filter((s): s is string => !!s))];
      if (from.length > 0) setMoveConfirm({ ids: fresh, slotId, from });
      else void send(fresh, slotId, false);
    },
    [send, latest],
  );

  const dialogs = (
    <>
      <PlanOnSlotDialog
        open={planRequest !== null}
        count={planRequest?.ids.length ?? 0}
        slots={props.slots.filter((s) => s.state !== 'COMPLETED' && s.state !== 'CANCELLED')}
        fromSlotId={planRequest?.fromSlotId ?? null}
        timeZone={props.timeZone}
        onClose={() => setPlanRequest(null)}
        onChoose={(slotId) => {
          const request = planRequest;
          setPlanRequest(null);
          if (request) plan(request.ids, slotId, request.fromSlotId);
        }}
      />
      <ConfirmDialog
        open={moveConfirm !== null}
        title={translate('planning.move.title', { smart_count: moveConfirm?.ids.length ?? 0 })}
        text={translate('planning.move.text', {
          smart_count: moveConfirm?.ids.length ?? 0,
          from: (moveConfirm?.from ?? []).map((id) => slotNameOf(id)).join(', '),
          to: slotNameOf(moveConfirm?.slotId),
        })}
        confirmLabel={translate('planning.move.confirm')}
        busy={busy}
        onClose={() => setMoveConfirm(null)}
        onConfirm={() => {
          const request = moveConfirm;
          setMoveConfirm(null);
          if (request) void send(request.ids, request.slotId, false);
        }}
      />
      <CapacityDialog
        open={capacity !== null}
        slotName={slotNameOf(capacity?.slotId)}
        over={capacity?.over ?? []}
        busy={busy}
        onClose={() => setCapacity(null)}
        onForce={() => {
          const request = capacity;
          setCapacity(null);
          if (request) void send(request.ids, request.slotId, true);
        }}
      />
    </>
  );
  return { plan, setPlanRequest, dialogs };
}
