import CheckIcon from '@mui/icons-material/Check';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { REST_BREAK, canSlotTransition, type SlotView } from '@nordlog/contracts';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePlanningCommand } from './commands';
import { consignmentsOnSlot, printLinks } from './planningData';
import type { BoardPermissions } from './SlotCard';

/**
 * A slot's menu on the planning board: edit, manual planning, complete or reopen planning, select
 * or unassign all its stops, remove its break, optimise, print, delete; each only where the
 * user's role may run its command (spec §6).
 */
export function SlotMenu(props: {
  menu: { anchor: HTMLElement; slot: SlotView } | null;
  departmentId: string;
  may: BoardPermissions;
  mayAssign: boolean;
  optimizeItems: (slot: SlotView, close: () => void) => ReactNode[];
  onClose: () => void;
  onEdit: (slot: SlotView) => void;
  onSelectAll: (ids: string[]) => void;
  onUnassign: (ids: string[]) => void;
  onDelete: (slot: SlotView) => void;
}) {
  const { may, onClose } = props;
  const translate = useTranslate();
  const run = usePlanningCommand();
  const menuSlot = props.menu?.slot ?? null;
  const menuSlotConsignments = menuSlot ? consignmentsOnSlot(menuSlot.stops) : [];
  const slotLinks = menuSlot
    ? printLinks.slot(props.departmentId, menuSlot.date, menuSlot.id)
    : null;
  const transition = async (slot: SlotView, t: 'completePlanning' | 'reopenPlanning') => {
    onClose();
    await run(
      'CHANGE_SLOT_STATE',
      { slotId: slot.id, transition: t },
      { success: `planning.slot.${t}Done`, successArgs: { name: slot.name } },
    );
  };
  return (
    <Menu anchorEl={props.menu?.anchor ?? null} open={props.menu !== null} onClose={onClose}>
      {menuSlot && (may.edit || props.mayAssign) ? (
        <MenuItem
          onClick={() => {
            props.onEdit(menuSlot);
            onClose();
          }}
        >
          {translate('planning.slot.edit')}
        </MenuItem>
      ) : null}
      {menuSlot && may.manual ? (
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={menuSlot.manualPlanning}
          onClick={() => {
            onClose();
            void run(
              'TOGGLE_SLOT_MANUAL_PLANNING',
              { slot: menuSlot.id },
              {
                success: menuSlot.manualPlanning
                  ? 'planning.slot.manualOff'
                  : 'planning.slot.manualOn',
                successArgs: { name: menuSlot.name },
              },
            );
          }}
        >
          <ListItemIcon>
            {menuSlot.manualPlanning ? <CheckIcon fontSize="small" /> : null}
          </ListItemIcon>
          <ListItemText>{translate('planning.slot.manualPlanning')}</ListItemText>
        </MenuItem>
      ) : null}
      {menuSlot && may.state && canSlotTransition('completePlanning', menuSlot.state) ? (
        <MenuItem onClick={() => void transition(menuSlot, 'completePlanning')}>
          {translate('planning.slot.completePlanning')}
        </MenuItem>
      ) : null}
      {menuSlot && may.state && canSlotTransition('reopenPlanning', menuSlot.state) ? (
        <MenuItem onClick={() => void transition(menuSlot, 'reopenPlanning')}>
          {translate('planning.slot.reopenPlanning')}
        </MenuItem>
      ) : null}
      {menuSlot && menuSlotConsignments.length > 0 ? (
        <MenuItem
          onClick={() => {
            props.onSelectAll(menuSlotConsignments);
            onClose();
          }}
        >
          {translate('planning.slot.selectAll')}
        </MenuItem>
      ) : null}
      {menuSlot && may.unassign && menuSlotConsignments.length > 0 ? (
        <MenuItem
          onClick={() => {
            props.onUnassign(menuSlotConsignments);
            onClose();
          }}
        >
          {translate('planning.slot.unassignAll')}
        </MenuItem>
      ) : null}
      {menuSlot && may.route && menuSlot.stops.some((s) => s.kind === REST_BREAK) ? (
        <MenuItem
          onClick={() => {
            onClose();
            void run(
              'DELETE_BREAK_FROM_ROUTE',
              { slotId: menuSlot.id },
              { success: 'planning.slot.breakRemoved', successArgs: { name: menuSlot.name } },
            );
          }}
        >
          {translate('planning.slot.removeBreak')}
        </MenuItem>
      ) : null}
      {menuSlot ? props.optimizeItems(menuSlot, onClose) : null}
      {slotLinks ? <Divider /> : null}
      {slotLinks ? (
        <MenuItem component={RouterLink} to={slotLinks.hdRouteList} onClick={onClose}>
          {translate('planning.print.hdRouteList')}
        </MenuItem>
      ) : null}
      {slotLinks ? (
        <MenuItem component={RouterLink} to={slotLinks.loadList} onClick={onClose}>
          {translate('planning.print.loadList')}
        </MenuItem>
      ) : null}
      {menuSlot && may.remove ? <Divider /> : null}
      {menuSlot && may.remove ? (
        <MenuItem
          disabled={
            menuSlotConsignments.length > 0 ||
            !['NOT_STARTED', 'PLANNED', 'CANCELLED'].includes(menuSlot.state)
          }
          onClick={() => {
            props.onDelete(menuSlot);
            onClose();
          }}
        >
          {translate('planning.slot.delete')}
        </MenuItem>
      ) : null}
    </Menu>
  );
}
