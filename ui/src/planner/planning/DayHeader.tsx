import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DateField } from '../../inputs/LazyPickers';
import { PageHeader } from '../../layout/PageHeader';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The heading of a screen of one day (dispatch, the live view, the routes overview): its title, a
 * date picker that opens the same screen on another date (`pathOf`), and the screen's links.
 */
export function DayHeader({
  title,
  date,
  pathOf,
  children,
}: {
  title: string;
  date: string;
  pathOf: (date: string) => string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <PageHeader title={title}>
      <DateField
        label={translate('app.date')}
        value={date}
        onChange={(value) => isoDate.test(value) && void navigate(pathOf(value))}
        minWidth={170}
      />
      {children}
    </PageHeader>
  );
}

/** What a list of the day's slots says while it has none: loading, or no slots on the day. */
export function NoSlotsText({ loading }: { loading: boolean }) {
  const translate = useTranslate();
  return <>{translate(loading ? 'app.loading' : 'planning.slots.none')}</>;
}

/** A table of the day's slots without rows: one row that says so across its columns. */
export function NoSlotsRow({ loading, colSpan }: { loading: boolean; colSpan: number }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <NoSlotsText loading={loading} />
      </TableCell>
    </TableRow>
  );
}
