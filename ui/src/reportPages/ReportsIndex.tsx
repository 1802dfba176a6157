import { Navigate, useParams } from 'react-router-dom';
import { NotFound } from '../layout/NotFound';
import { ANALYTICS_BASE } from './monitoringData';

/**
 * `/reports` (spec §6's rule `/reports/*`, docs/decisions/0084): the analytics page. Another
 * service name under it is not one of ours: the not-found page.
 */
export default function ReportsIndex() {
  const { '*': splat = '' } = useParams();
  return splat.replace(/\/+$/, '') === '' ? <Navigate to={ANALYTICS_BASE} replace /> : <NotFound />;
}
