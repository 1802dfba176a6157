import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { RoutePoint, SlotView } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import type { BoardPermissions } from './SlotCard';

/** A planned stop's menu on the planning board: move to another slot, unassign, durations. */
export function StopMenu(props: {
  menu: { anchor: HTMLElement; slot: SlotView; point: RoutePoint } | null;
  may: BoardPermissions;
  onClose: () => void;
  onMove: (consignmentId: string, fromSlotId: string) => void;
  onUnassign: (consignmentId: string) => void;
  onDurations: (consignmentId: string) => void;
}) {
  const { menu, may, onClose } = props;
  const translate = useTranslate();
  return (
    <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={onClose}>
      {menu && may.plan ? (
        <MenuItem
          onClick={() => {
            props.onMove(menu.point.consignmentId!, menu.slot.id);
            onClose();
          }}
        >
          {translate('planning.stop.moveTo')}
        </MenuItem>
      ) : null}
      {menu && may.unassign ? (
        <MenuItem
          onClick={() => {
            props.onUnassign(menu.point.consignmentId!);
            onClose();
          }}
        >
          {translate('planning.unassign.action')}
        </MenuItem>
      ) : null}
      {menu && may.durations ? (
        <MenuItem
          onClick={() => {
            props.onDurations(menu.point.consignmentId!);
            onClose();
          }}
        >
          {translate('planning.durations.open')}
        </MenuItem>
      ) : null}
    </Menu>
  );
}
