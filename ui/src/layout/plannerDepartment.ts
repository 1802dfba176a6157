import { matchPath, useLocation } from 'react-router-dom';
import { isDepartmentParam } from '../access/routes';

/** The department (plain id or `group_{n}`) in the current planner URL, if any. */
export function usePlannerDepartment(): string | null {
  const { pathname } = useLocation();
  const match = matchPath('/planner/:departmentId/*', pathname);
  const id = match?.params.departmentId;
  return isDepartmentParam(id) ? id : null;
}
