import Button from '@mui/material/Button';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';

/**
 * The order's way to the recurring screen (docs/decisions/0058): opens the form of a new
 * recurring order with the order filled in, for a planner who may open the screen.
 */
export function MakeRecurring({
  orderId,
  departmentId,
}: {
  orderId: string;
  departmentId: string;
}) {
  const translate = useTranslate();
  const { user } = useShell();
  if (!canOpen(user, '/planner/:departmentId/recurring/*')) return null;
  return (
    <Button
      component={RouterLink}
      to={`/planner/${departmentId}/recurring?orders=${encodeURIComponent(orderId)}`}
      startIcon={<EventRepeatIcon />}
      size="small"
      sx={{ alignSelf: 'start' }}
      data-testid="details-make-recurring"
    >
      {translate('recurring.makeRecurring')}
    </Button>
  );
}
