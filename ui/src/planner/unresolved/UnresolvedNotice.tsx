import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { denial, identityOfUser, queryPermissions } from '@nordlog/contracts';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import { runQuery } from '../../shell/api';
import { UNRESOLVED_COUNT_KEY } from './queries';

/**
 * Spec §8 "an unresolved-addresses notice with the count" on the shipments page: shown while the
 * department has addresses the gazetteer could not place; it leads to
 * `/planner/{departmentId}/coordinates` (spec §2) for a planner who may open it.
 */
export function UnresolvedNotice(props: { departmentId: string; departmentIds: string[] }) {
  const translate = useTranslate();
  const { user } = useShell();
  const { departmentId, departmentIds } = props;
  const count = useQuery({
    queryKey: [UNRESOLVED_COUNT_KEY, departmentIds],
    enabled:
      departmentIds.length > 0 &&
      user !== null &&
      denial(identityOfUser(user), queryPermissions.unresolvedAddressCount, 'query') === null,
    refetchInterval: 60_000,
    queryFn: () =>
      runQuery<{ count: number; orders: number }>('unresolvedAddressCount', { departmentIds }),
  });
  const n = count.data?.count ?? 0;
  if (n === 0) return null;
  const text = translate('unresolved.notice', { smart_count: n });
  const to = `/planner/${departmentId}/coordinates`;
  return (
    <Alert severity="warning" data-testid="unresolved-notice" sx={{ mb: 1 }}>
      {canOpen(user, '/planner/:departmentId/coordinates') ? (
        <Link component={RouterLink} to={to}>
          {text}
        </Link>
      ) : (
        text
      )}
    </Alert>
  );
}
