/** Who is calling. Until the identity issue lands, the embedded default is a development ADMIN. */
export interface Identity {
  userId: string;
  role: string;
  /** Access flags of spec §6. */
  access: string[];
  /** Department ids the user may see; `'*'` for all. */
  departmentIds: string[] | '*';
  customerId: string | null;
}
