import { createContext, useContext } from 'react';
import { useParams } from 'react-router-dom';

/**
 * The customer portal (docs/decisions/0074-customer-portal.md) draws the planner's screens
 * (booking, confirmation, labels, the address book) at `/customer/…`: no department in the path,
 * the customer's own department instead, and links that stay in the portal.
 */
export interface Portal {
  /** The customer's department: the screens' department when none is in the path. */
  departmentId: string;
}

export const PortalContext = createContext<Portal | null>(null);

/** Inside the customer portal? */
export const useInPortal = (): boolean => useContext(PortalContext) !== null;

/** The screen's department: the path's (`/planner/{departmentId}/…`), or the portal's. */
export function useDepartmentParam(): string {
  const portal = useContext(PortalContext);
  const { departmentId = '' } = useParams();
  return portal?.departmentId ?? departmentId;
}

/** Where the screen's sibling screens are: `/planner/{departmentId}`, or `/customer`. */
export function useScreenBase(): string {
  const portal = useContext(PortalContext);
  const { departmentId = '' } = useParams();
  return portal ? '/customer' : `/planner/${departmentId}`;
}
