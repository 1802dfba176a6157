import type { AppendOptions } from './types.js';

/**
 * The keys of new data subjects (AppendOptions.newSubjectKeys) stored by the append's statement:
 * `keyed.ok` is false when any of them had a row already (a key or an erasure), and then the
 * statement appends nothing. Keys it did store for the others stay: each is a valid key of its
 * subject, which the next attempt reads and uses.
 */
const keysCte = (subjects: string, wrapped: string) => `keys as (
    insert into privacy_subject_keys (subject, wrapped)
    select k.subject, k.wrapped from unnest(${subjects}::text[], ${wrapped}::bytea[]) as k(subject, wrapped)
    on conflict (subject) do nothing
    returning subject
  ), keyed as (
    select count(*) = cardinality(${subjects}::text[]) as ok from keys
  )`;

/**
 * One statement appends the events, checks the expected revision, stores new subjects' keys and
 * records the command's outcome, so an append is a single round trip and a single commit.
 */
export const APPEND_SQL = `
  with current as (
    select coalesce(max(stream_revision), -1) as revision from es_events where stream_id = $1
  ), ${keysCte('$11', '$12')}, inserted as (
    insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
    select e.event_id, $1, current.revision + e.ord, e.type, e.data, $2::jsonb
    from current, unnest($3::uuid[], $4::text[], $5::jsonb[]) with ordinality as e(event_id, type, data, ord)
    where ($6::int is null or current.revision = $6::int) and (select ok from keyed)
    returning stream_revision, transaction_id::text as transaction_id, position::text as position
  ), outcome as (
    insert into es_command_results (command_id, status, body, owner)
    select $7::uuid, $8::int, $9::jsonb || jsonb_build_object('position', (select max(position)::text from inserted)), $10::text
    where $8::int is not null and exists (select 1 from inserted)
    on conflict (command_id) do nothing
  )
  select stream_revision, transaction_id, position, true as keys_ok from inserted
  union all select null, null, null, false from keyed where not ok
  order by stream_revision`;

/**
 * The multi-stream append, also one statement: every stream's revision is checked, and the
 * events of all of them are inserted only when every check holds. Rows are inserted in stream-id
 * order, so two appends that share streams take their index locks in the same order (no
 * deadlock between them); a racing append on any of the streams meets the unique
 * (stream_id, stream_revision) index and the whole statement fails.
 */
export const APPEND_MANY_SQL = `
  with input as (
    select s.stream_id, s.expected, s.idx
    from unnest($1::text[], $2::int[]) with ordinality as s(stream_id, expected, idx)
  ), current as (
    select i.idx, i.stream_id, i.expected,
      coalesce((select max(e.stream_revision) from es_events e where e.stream_id = i.stream_id), -1) as revision
    from input i
  ), checked as (
    select bool_and(c.expected is null or c.revision = c.expected) as ok from current c
  ), ${keysCte('$13', '$14')}, inserted as (
    insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
    select ev.event_id, c.stream_id, c.revision + ev.ord, ev.type, ev.data, $3::jsonb
    from unnest($4::int[], $5::int[], $6::uuid[], $7::text[], $8::jsonb[]) as ev(idx, ord, event_id, type, data)
    join current c on c.idx = ev.idx
    where (select ok from checked) and (select ok from keyed)
    order by c.stream_id, ev.ord
    returning stream_id, stream_revision, transaction_id, position
  ), outcome as (
    insert into es_command_results (command_id, status, body, owner)
    select $9::uuid, $10::int, $11::jsonb || jsonb_build_object('position', (select max(position)::text from inserted)), $12::text
    where $10::int is not null and exists (select 1 from inserted)
    on conflict (command_id) do nothing
  )
  select stream_id, stream_revision, transaction_id::text as transaction_id, position::text as position,
    true as keys_ok
  from inserted
  union all select null, null, null, null, false from keyed where not ok
  order by position`;

/** The last two parameters of an append: the new subjects and their wrapped keys. */
export const keyBindings = (options: AppendOptions): [string[], Buffer[]] => [
  (options.newSubjectKeys ?? []).map((k) => k.subject),
  (options.newSubjectKeys ?? []).map((k) => k.wrapped),
];
