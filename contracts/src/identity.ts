/** Who is calling: resolved by the gateway from the session (or the system, for seeding). */
export interface Identity {
  userId: string;
  role: string;
  /** Effective access flags of spec §6 (`'*'` for the system identity). */
  access: string[];
  /** Department ids the user may see; `'*'` for all (ADMIN users and the system). */
  departmentIds: string[] | '*';
  customerId: string | null;
}

/** The product itself acting (demo data, migrations of data): every right, every department. */
export const SYSTEM_IDENTITY: Identity = {
  userId: 'system',
  role: 'ADMIN',
  access: ['*'],
  departmentIds: '*',
  customerId: null,
};
