import {
  adminFlags,
  defaultAccess,
  plannerFlags,
  type AccessFlag,
  type Role,
} from '@nordlog/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { enumKey } from '../../../i18n/enums';

const groups = [
  { label: 'menu.admin', flags: adminFlags },
  { label: 'menu.planner', flags: plannerFlags },
] as const;

/**
 * The access flags of a user or role (spec §6) in two labelled groups, administration and
 * planning, each flag by its translated name; both groups edit the one `access` list.
 */
export function AccessFlagsInput({
  resource,
  followRole = false,
}: {
  resource: string;
  /** A new user: until the flags are touched, they are the chosen role's default access. */
  followRole?: boolean;
}) {
  const translate = useTranslate();
  const { field } = useInput({ source: 'access' });
  const { getFieldState, setValue } = useFormContext();
  const role = useWatch({ name: 'role' }) as Role | undefined;
  useEffect(() => {
    if (!followRole || !role || !(role in defaultAccess)) return;
    if (getFieldState('access').isDirty) return;
    setValue('access', [...defaultAccess[role]], { shouldDirty: false });
  }, [followRole, role, getFieldState, setValue]);
  const value = new Set<string>((field.value as AccessFlag[] | undefined) ?? []);
  const toggle = (flag: AccessFlag, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(flag);
    else next.delete(flag);
    field.onChange([...next]);
  };
  return (
    <Stack spacing={2} sx={{ mb: 2, width: '100%' }}>
      <FormLabel component="legend">{translate(`resources.${resource}.fields.access`)}</FormLabel>
      {groups.map((group) => (
        <FormControl key={group.label} component="fieldset">
          <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
            {translate(group.label)}
          </FormLabel>
          <FormGroup
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
            }}
          >
            {group.flags.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    size="small"
                    checked={value.has(flag)}
                    onChange={(e) => toggle(flag, e.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label={translate(enumKey('flag', flag))}
              />
            ))}
          </FormGroup>
        </FormControl>
      ))}
    </Stack>
  );
}
