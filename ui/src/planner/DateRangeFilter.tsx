import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DateField } from '../inputs/LazyPickers';
import { dateRanges, rangeDates, rangeOf, type DateRange } from './shipmentsData';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The date-range filter (spec §2): today, yesterday, the last 7 or 30 days and the product's
 * others, or custom with from and to pickers; a later from date takes the to date along (spec §5).
 */
export function DateRangeFilter(props: {
  fromDate: string;
  toDate: string;
  today: string;
  onChange: (range: { fromDate: string; toDate: string }) => void;
}) {
  const translate = useTranslate();
  const { fromDate, toDate, today, onChange } = props;
  const named = rangeOf(fromDate, toDate, today);
  const [customOpen, setCustomOpen] = useState(named === 'custom');
  const range: DateRange = customOpen ? 'custom' : named;
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('app.date')}
        value={range}
        onChange={(e) => {
          const r = e.target.value as DateRange;
          if (r === 'custom') return setCustomOpen(true);
          setCustomOpen(false);
          const d = rangeDates(r, today);
          onChange({ fromDate: d.from, toDate: d.to });
        }}
        helperText=" "
        sx={{ minWidth: 170 }}
      >
        {dateRanges.map((r) => (
          <MenuItem key={r} value={r}>
            {translate(`planner.ranges.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      {range === 'custom' ? (
        <>
          <DateField
            label={translate('planner.from')}
            value={fromDate}
            onChange={(value) =>
              isoDate.test(value) &&
              onChange({ fromDate: value, toDate: toDate < value ? value : toDate })
            }
            helperText=" "
            minWidth={170}
          />
          <DateField
            label={translate('planner.to')}
            value={toDate}
            onChange={(value) =>
              isoDate.test(value) &&
              onChange({ fromDate: fromDate > value ? value : fromDate, toDate: value })
            }
            helperText=" "
            minWidth={170}
          />
        </>
      ) : null}
    </>
  );
}
