import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePlannerDepartment } from './plannerDepartment';
import { useDepartmentOptions } from './useDepartments';

/** The top bar's department (or group) picker on planner pages (UI.md frame). */
export function DepartmentPicker() {
  const translate = useTranslate();
  const department = usePlannerDepartment();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useDepartmentOptions();
  if (!department || !data) return null;
  const groups = data.filter((d) => d.group);
  const plain = data.filter((d) => !d.group);
  const change = (id: string) => {
    const rest = pathname.split('/').slice(3, 4).join('/') || 'shipments-search';
    void navigate(`/planner/${id}/${rest}`);
  };
  return (
    <TextField
      select
      size="small"
      value={data.some((d) => d.id === department) ? department : ''}
      onChange={(e) => change(e.target.value)}
      slotProps={{
        select: { SelectDisplayProps: { 'aria-label': translate('app.department') } },
      }}
      sx={{ minWidth: 220, mr: 1, bgcolor: 'background.paper', borderRadius: 1 }}
    >
      {groups.length > 0 ? <ListSubheader>{translate('planner.groups')}</ListSubheader> : null}
      {groups.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
      {groups.length > 0 ? <ListSubheader>{translate('planner.departments')}</ListSubheader> : null}
      {plain.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
