import type {
  CommandName,
  CommandPayload,
  Department,
  Identity,
  NumberSeriesType,
  RecipientCandidate,
  RecipientSearch,
  CustomerReferences,
} from '@nordlog/contracts';
import type { BlobStore, Geocoder, IdAllocator, IdKind, Logger } from '@nordlog/platform';
import type { NumberAllocator, SeriesScope } from '../numberSeries/allocator.js';
import type { Decider, Target } from './decider.js';
import type { CommandReads } from './commandReads.js';

export interface HandlerContext {
  commandId: string;
  /** True when the client chose the command id, so a retry must find the same new ids. */
  repeatable: boolean;
  identity: Identity;
  ids: IdAllocator;
  /**
   * Draws GSINs and SSCCs from a number series under this command's id (the booking issue's
   * shipment and package numbers); never the same number twice.
   */
  numbers: (seriesId: string, count: number) => ReturnType<NumberAllocator['allocate']>;
  /** The number series an order of this department and customer draws from (0015). */
  seriesFor: (type: NumberSeriesType, scope: SeriesScope, count: number) => Promise<string>;
  /** A department as its stream tells it (null: none); the command side reads no read model. */
  readDepartment: (id: string) => Promise<Department | null>;
  /** Another stream's state, folded with its decider (read only; nothing is appended). */
  load: <S>(
    streamId: string,
    decider: Pick<Decider<S, never, never>, 'initialState' | 'evolve'>,
  ) => Promise<S>;
  /** Like `load`, with the stream revision the state was folded to (null: no stream). */
  loadVersioned: <S>(
    streamId: string,
    decider: Pick<Decider<S, never, never>, 'initialState' | 'evolve'>,
  ) => Promise<{ state: S; revision: number | null }>;
  /**
   * Like `loadVersioned` for many streams of one kind at once (one round trip where the store
   * can), in the order asked: e.g. every order on a slot.
   */
  loadMany: <S>(
    streamIds: readonly string[],
    decider: Pick<Decider<S, never, never>, 'initialState' | 'evolve'>,
  ) => Promise<{ state: S; revision: number | null }[]>;
  /** Looks addresses up (booking); absent: addresses without coordinates stay pending. */
  geocoder?: Geocoder;
  /** The proof store (a delivery's signature and photos, 0068); absent: proofs are refused. */
  blobs?: BlobStore;
  /**
   * Checks a webhook URL's addresses (0070); throws RefusedAddressError. Absent: only public
   * https addresses pass.
   */
  webhookUrlCheck?: (url: string) => Promise<void>;
  /**
   * The order whose tracking link has this key (null: none), for the recipient's answers (0063);
   * absent: such answers are refused as unavailable.
   */
  trackedOrderId?: (trackingId: string) => Promise<string | null>;
  /**
   * The hook a delivery of the webhook queue was made for (null: no such delivery), so that a
   * replay names a message of its own hook (0070); absent: replays are refused as unavailable.
   */
  webhookOfMessage?: (messageId: string) => Promise<string | null>;
  /**
   * What refers to a customer in the read models (orders, users, keys, prices, hooks, addresses,
   * sub-customers, recurring orders, groups, number series), for DELETE_CUSTOMER (0099); absent:
   * such deletions are refused as unavailable.
   */
  customerReferences?: (customerId: string) => Promise<CustomerReferences>;
  /** When the command is decided (the service's clock). */
  now: Date;
  /**
   * What the answer carries this once and no stored outcome keeps (a new API key's secret,
   * docs/decisions/0069): a repeated commandId gets the outcome without it.
   */
  shownOnce?: Record<string, unknown>;
  /**
   * The places a recipient search looks at (the address book's and the orders' read models) of a
   * customer, narrowed by the search's words (SEARCH_RECIPIENT_ID, 0089); absent: the search is
   * refused as unavailable.
   */
  recipientCandidates?: (search: RecipientSearch) => Promise<RecipientCandidate[]>;
  /** What a read-only command (kind `read`) answers beside the command result (0089). */
  answer?: Record<string, unknown>;
  logger: Logger;
}

/** Turns a validated payload into the streams to act on and the command for each. */
export type Handler<N extends CommandName> = (
  payload: CommandPayload<N>,
  ctx: HandlerContext,
) => Promise<Target[]> | Target[];

export type HandlerTable = { [N in CommandName]: Handler<N> };

/**
 * Names the streams a command's handler will read first, from the payload alone, so that they
 * are read in the same round trip as the command's references (CommandReads.prefetch). A stream
 * named but not read costs nothing more than its row in that statement.
 */
export type Prefetch<N extends CommandName> = (
  payload: CommandPayload<N>,
  reads: Pick<CommandReads, 'prefetch'>,
) => void;

export type PrefetchTable = { [N in CommandName]?: Prefetch<N> };

/**
 * A new entity id; the same one again when the client repeats its command id. A command that
 * makes several entities of one kind names each (`part`), so each gets its own id on a repeat.
 */
export const newId = (ctx: HandlerContext, kind: IdKind, part?: string) =>
  ctx.ids.next(
    kind,
    ctx.repeatable ? (part === undefined ? ctx.commandId : `${ctx.commandId}:${part}`) : undefined,
  );
