import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/** How a search combines its words: all of them (AND) or any (OR), spec §9. */
export function OperatorSelect(props: {
  value: 'AND' | 'OR';
  onChange: (operator: 'AND' | 'OR') => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('planner.searchOperator')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value === 'AND' ? 'AND' : 'OR')}
      helperText=" "
      sx={{ minWidth: 130 }}
    >
      <MenuItem value="OR">{translate('planner.operators.OR')}</MenuItem>
      <MenuItem value="AND">{translate('planner.operators.AND')}</MenuItem>
    </TextField>
  );
}
