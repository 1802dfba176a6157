/** The import's answers (docs/decisions/0059-import.md). */
export const importKinds = ['ORDERS'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importStates = ['RUNNING', 'DONE', 'FAILED'] as const;
export type ImportState = (typeof importStates)[number];
export const importRowStates = ['PENDING', 'BOOKED', 'REFUSED'] as const;
export type ImportRowState = (typeof importRowStates)[number];

/** One refusal of a row: its column (null: the row as a whole) and the form's message key. */
export interface ImportRowError {
  column: string | null;
  /** A `validation.*` key (the booking form's) or an error type of the command service. */
  key: string;
  /** The message in English, for a log or a client without the keys. */
  message: string;
}

/** A row of `getImportResults`. `row` is the sheet's row number (the header is row 1). */
export interface ImportRowResult {
  importId: string;
  row: number;
  status: ImportRowState;
  /** The row's cells by column key, as text (dates as yyyy-MM-dd, times as HH:mm). */
  values: Record<string, string>;
  errors: ImportRowError[];
  orderId: string | null;
  shipmentId: string | null;
  /** How many times the row was sent for booking (a fixed row is sent again). */
  attempts: number;
}

/** A row of `getImportStatus`. */
export interface ImportStatus {
  importId: string;
  kind: ImportKind;
  departmentId: string;
  fileName: string;
  status: ImportState;
  total: number;
  booked: number;
  refused: number;
  pending: number;
  userId: string;
  createdAt: string;
  finishedAt: string | null;
  /** Why a job failed as a whole (it is resumed when the service starts again). */
  error: string | null;
}
