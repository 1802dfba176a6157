import { z } from 'zod';
import { entityId, position } from '../common.js';
import type { ConsignmentState } from '../consignments/states.js';
import { scanKinds, type PackageState, type ScanKind, type ScanWarning } from './rules.js';

export * from './rules.js';

/**
 * The courier's scans (spec §7 ADD_SCANNED_EVENTS, issue 42; docs/decisions/0064-courier-scans.md):
 * a batch of scans of a slot's route, each naming a package (SSCC), a shipment (GSIN) or a load
 * carrier, with what happened to it. Every scan is recorded on the slot's scan stream with what it
 * did (or why it did nothing); the packages it moved, and their consignment when all of its
 * packages agree, on the order's stream.
 */
export const SLOT_SCANS_TABLE = 'rm_slot_scans';
export const SLOT_SCANS_ENTITY = 'slotScans';

/** A batch holds at most this many scans (a larger one is refused whole, nothing recorded). */
export const MAX_SCANS_PER_BATCH = 500;

export const slotScansStream = (slotId: string) => `slot-scans-${slotId}`;

/**
 * A scanned code as the label carries it: spaces and the GS1 brackets dropped, and the GS1
 * application identifier of an SSCC (00, 20 digits) or a GSIN (402, 20 digits) taken off.
 */
export function normaliseScanCode(raw: string): string {
  const code = raw.replace(/[\s()]/g, '');
  if (/^00\d{18}$/.test(code)) return code.slice(2);
  if (/^402\d{17}$/.test(code)) return code.slice(3);
  return code;
}

export const scanKind = z.enum(scanKinds, { error: 'validation.choice' });

export const scanSchema = z.object({
  /** The SSCC, GSIN or load carrier code, as scanned or typed (normalised by the server). */
  code: z
    .string()
    .trim()
    .min(1, 'required')
    .max(60, { error: 'validation.tooLong' })
    .transform(normaliseScanCode),
  kind: scanKind,
  /** When the courier scanned it (the phone's clock, ISO with offset). */
  scannedAt: z.iso.datetime({ offset: true }),
  /** Where the phone was; absent when it had no fix. */
  position: position.optional(),
  /**
   * The order of the stop the courier scanned at, when it chose one: a package label the route
   * does not know is then added to that order if its customer allows scan-to-create (0071).
   */
  consignmentId: entityId.optional(),
});
export type Scan = z.infer<typeof scanSchema>;

/** ADD_SCANNED_EVENTS: a batch of scans on one slot's route, in the order they were made. */
export const addScannedEventsSchema = z.object({
  slotId: entityId,
  scans: z
    .array(scanSchema)
    .min(1, 'required')
    .max(MAX_SCANS_PER_BATCH, { error: `at most ${MAX_SCANS_PER_BATCH} scans in one batch` }),
});
export type AddScannedEvents = z.infer<typeof addScannedEventsSchema>;

export const scanCommandSchemas = { ADD_SCANNED_EVENTS: addScannedEventsSchema } as const;

/** What a scanned code named on the route. */
export type ScanCodeType = 'SSCC' | 'GSIN' | 'LOAD_CARRIER';

/** One recorded scan: what was scanned and what it did. */
export interface ScanRecord {
  /** `{commandId}:{index in the batch}`. */
  scanId: string;
  code: string;
  codeType: ScanCodeType | null;
  kind: ScanKind;
  scannedAt: string;
  /** The courier who scanned it (null: a planner at a terminal; such a scan has no position). */
  courierId: string | null;
  /** Where the courier's phone was (sealed with the courier's day, as a location report). */
  position: { lat: number; lng: number } | null;
  /** The orders (consignments) the code named on the route. */
  orderIds: string[];
  /** The packages the scan moved to its kind. */
  moved: string[];
  /**
   * The package the scan added to its stop's order (scan-to-create, 0071); absent on scans that
   * added none (and on those recorded before it existed).
   */
  created?: string;
  warning: ScanWarning | null;
  /** The consignments whose state the scan moved, and to what. */
  consignments: { orderId: string; state: ConsignmentState }[];
}

/** A scan as an order's stream keeps it (no position: that is the slot stream's). */
export interface OrderScan {
  scanId: string;
  code: string;
  kind: ScanKind;
  scannedAt: string;
  warning: ScanWarning | null;
}

export type ScanEvent =
  | {
      type: 'ScansRecorded';
      data: {
        slotId: string;
        departmentId: string;
        date: string;
        courierId: string | null;
        scans: ScanRecord[];
      };
    }
  | {
      /** The packages of an order some scans moved (or tried to), on the order's stream. */
      type: 'PackagesScanned';
      data: {
        slotId: string;
        scans: OrderScan[];
        /** The packages whose state changed, with their new state. */
        packages: Record<string, PackageState>;
      };
    };
export type ScanEventType = ScanEvent['type'];
export const isScanEventType = (type: string): type is ScanEventType =>
  type === 'ScansRecorded' || type === 'PackagesScanned';

/** The scans of one slot, as read (query `slotScans`, socket entity `slotScans`). */
export interface SlotScansRow {
  /** The slot's id. */
  id: string;
  departmentId: string;
  date: string;
  courierId: string | null;
  /**
   * Every scan, oldest first, with who recorded it and when; without the phone's position (the
   * live view has the courier's position; the scan's stays in the sealed event, 0064).
   */
  scans: (Omit<ScanRecord, 'position'> & { recordedAt: string; recordedBy: string })[];
  revision: number;
  updatedAtEpoch: number;
}

/** Query `slotScans {slotId}`: the scans of a slot its reader may read (a courier: its own). */
export const slotScansQuerySchema = z.object({ slotId: entityId });

/**
 * Query `stopContact {slotId, consignmentId, type}` (spec §5 issue 42 "call or text the recipient
 * from the stop"): the name and numbers of a stop's party. A courier gets them only for a stop of
 * a slot it is driving (IN_PROGRESS or PAUSED); a planner for a stop of a slot it reads.
 */
export const stopContactQuerySchema = z.object({
  slotId: entityId,
  consignmentId: entityId,
  type: z.enum(['pickup', 'delivery']),
});
export interface StopContact {
  consignmentId: string;
  type: 'pickup' | 'delivery';
  name: string | null;
  contactPerson: string | null;
  phone: string | null;
  secondPhone: string | null;
  /**
   * The recipient's note asking to have it left at the door (a delivery stop only;
   * docs/decisions/0063). Null: none.
   */
  leaveAtDoor: string | null;
}
