import { routeChangeable, type SlotView } from '@nordlog/contracts';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { failureOfType, usePlanningCommand } from '../planning/commands';
import { CapacityDialog, ConfirmDialog, PlanOnSlotDialog } from '../planning/Dialogs';
import { capacityOverage, type LoadKind } from '../planning/planningData';
import type { MapRow } from './filters';

/** Where a planning request stands: choosing the slot, confirming a move, or over capacity. */
type Step =
  | { kind: 'choose'; ids: string[] }
  | { kind: 'move'; ids: string[]; slotId: string; from: string[] }
  | { kind: 'capacity'; ids: string[]; slotId: string; over: { kind: LoadKind; amount: number }[] };

/**
 * Plans consignments on a slot from the map (UPDATE_CONSIGNMENT_SLOT, as the planning board does):
 * the planner picks an open slot; consignments on another slot are moved only after a
 * confirmation (spec §7); a CAPACITY_EXCEEDED refusal says what is over and by how much and can
 * be sent again with force. `start(ids)` begins; `dialogs` are drawn by the page.
 */
export function usePlanOnSlot(
  slots: readonly SlotView[],
  rows: ReadonlyMap<string, MapRow>,
  timeZone: string,
  onPlanned: (ids: string[]) => void,
) {
  const translate = useTranslate();
  const run = usePlanningCommand();
  const [step, setStep] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (id: string) => slots.find((s) => s.id === id)?.name ?? id;

  const send = async (ids: string[], slotId: string, force: boolean) => {
    setBusy(true);
    const answer = await run(
      'UPDATE_CONSIGNMENT_SLOT',
      { consignmentIds: ids, slotId, force },
      {
        success: 'planning.plan.done',
        successArgs: { smart_count: ids.length, slot: nameOf(slotId) },
        onFailure: (err) => {
          const refusal = failureOfType(err, 'CAPACITY_EXCEEDED');
          if (refusal)
            setStep({ kind: 'capacity', ids, slotId, over: capacityOverage(refusal.params) });
          return refusal !== null;
        },
      },
    );
    setBusy(false);
    if (answer) onPlanned(ids);
  };

  const choose = (slotId: string) => {
    if (step?.kind !== 'choose') return;
    const ids = step.ids.filter((id) => rows.get(id)?.slotId !== slotId);
    const from = [...new Set(ids.flatMap((id) => rows.get(id)?.slotId ?? []))];
    setStep(from.length > 0 ? { kind: 'move', ids, slotId, from } : null);
    if (ids.length > 0 && from.length === 0) void send(ids, slotId, false);
  };

  const current = step?.kind === 'choose' ? step.ids.map((id) => rows.get(id)?.slotId ?? null) : [];
  const close = () => setStep(null);
  const dialogs = (
    <>
      <PlanOnSlotDialog
        open={step?.kind === 'choose'}
        count={step?.ids.length ?? 0}
        slots={slots.filter((s) => routeChangeable(s.state))}
        fromSlotId={
          current.length > 0 && current.every((s) => s === current[0]) ? current[0] : null
        }
        timeZone={timeZone}
        onClose={close}
        onChoose={choose}
      />
      <ConfirmDialog
        open={step?.kind === 'move'}
        title={translate('planning.move.title', { smart_count: step?.ids.length ?? 0 })}
        text={
          step?.kind === 'move'
            ? translate('planning.move.text', {
                smart_count: step.ids.length,
                from: step.from.map(nameOf).join(', '),
                to: nameOf(step.slotId),
              })
            : ''
        }
        confirmLabel={translate('planning.move.confirm')}
        busy={busy}
        onClose={close}
        onConfirm={() => {
          if (step?.kind === 'move') void send(step.ids, step.slotId, false);
          close();
        }}
      />
      <CapacityDialog
        open={step?.kind === 'capacity'}
        slotName={step?.kind === 'capacity' ? nameOf(step.slotId) : ''}
        over={step?.kind === 'capacity' ? step.over : []}
        busy={busy}
        onClose={close}
        onForce={() => {
          if (step?.kind === 'capacity') void send(step.ids, step.slotId, true);
          close();
        }}
      />
    </>
  );
  return { start: useCallback((ids: string[]) => setStep({ kind: 'choose', ids }), []), dialogs };
}
