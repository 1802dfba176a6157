import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import type { SlotView } from '@nordlog/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useShell } from '../../app/UserContext';
import { mayRun } from '../../access/commands';
import { ConfirmDialog } from '../planning/Dialogs';
import { consignmentsOnSlot } from '../planning/planningData';
import { useOptimizingCommands } from './useOptimizingCommands';

const slotRuns = [
  { command: 'CREATE_SUGGESTED_ROUTE', label: 'optimizing.slot.suggest' },
  { command: 'REVERSED_OPTIMIZE_SLOT', label: 'optimizing.slot.reversed' },
  { command: 'OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL', label: 'optimizing.slot.shipmentLevel' },
] as const;

/**
 * The optimising entries of a slot's menu on the board (spec §7): a suggested route, a reversed
 * optimisation and one on shipment level (each a short run that ends in a suggestion), and a
 * suggested route with the unassigned shipments selected in the grid. Offered to users the
 * server lets send them (spec §6). `items` goes into the menu; `dialog` beside it.
 */
export function useSlotOptimizeMenu(selectedUnassigned: readonly string[]): {
  items: (slot: SlotView, close: () => void) => ReactNode[];
  dialog: ReactNode;
} {
  const translate = useTranslate();
  const { user } = useShell();
  const commands = useOptimizingCommands();
  const [withSelected, setWithSelected] = useState<{ slot: SlotView; ids: string[] } | null>(null);
  const [allowSortingErrors, setAllowSortingErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const allowed = useMemo(() => slotRuns.filter((r) => mayRun(user, r.command)), [user]);
  const mayWith = mayRun(user, 'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS');

  const items = (slot: SlotView, close: () => void): ReactNode[] => {
    const entries: ReactNode[] = allowed.map((r) => (
      <MenuItem
        key={r.command}
        onClick={() => {
          close();
          void commands.slotRun(r.command, slot.id, slot.name);
        }}
      >
        {translate(r.label)}
      </MenuItem>
    ));
    if (mayWith && selectedUnassigned.length > 0)
      entries.push(
        <MenuItem
          key="with-selected"
          onClick={() => {
            close();
            setAllowSortingErrors(false);
            setWithSelected({ slot, ids: [...selectedUnassigned] });
          }}
        >
          {translate('optimizing.slot.withSelected', { smart_count: selectedUnassigned.length })}
        </MenuItem>,
      );
    return entries.length > 0 ? [<Divider key="optimize-divider" />, ...entries] : [];
  };

  const dialog = (
    <ConfirmDialog
      open={withSelected !== null}
      title={translate('optimizing.slot.withSelectedTitle', {
        name: withSelected?.slot.name ?? '',
        smart_count: withSelected?.ids.length ?? 0,
      })}
      text={translate('optimizing.slot.withSelectedText')}
      confirmLabel={translate('optimizing.slot.suggest')}
      busy={busy}
      onClose={() => setWithSelected(null)}
      onConfirm={() => {
        const request = withSelected;
        if (!request) return;
        setBusy(true);
        const consignments = [
          ...new Set([...consignmentsOnSlot(request.slot.stops), ...request.ids]),
        ];
        void commands
          .suggestWith(request.slot.id, request.slot.name, consignments, allowSortingErrors)
          .finally(() => {
            setBusy(false);
            setWithSelected(null);
          });
      }}
    >
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={allowSortingErrors}
            onChange={(e) => setAllowSortingErrors(e.target.checked)}
          />
        }
        label={translate('optimizing.slot.allowSortingErrors')}
      />
    </ConfirmDialog>
  );
  return { items, dialog };
}
