/**
 * A trigram GIN index on a text column (`column LIKE '%word%'`, which no b-tree can serve;
 * docs/decisions/0016-shipments-grid.md, measured by `npm run bench:grid`). pg_trgm ships with
 * PostgreSQL's contrib and is a trusted extension, so the database owner may create it; where it
 * cannot be had, search still works, without the index.
 */
export const trigramIndexSql = (table: string, column: string, index: string): string => `
  do $$
  declare
    trgm_schema text;
  begin
    if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
      begin
        create extension pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%): ${table}.${column} is searched without its index', sqlerrm;
      end;
    end if;
    select n.nspname into trgm_schema
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where e.extname = 'pg_trgm';
    if trgm_schema is not null then
      execute format(
        'create index if not exists ${index} on ${table} using gin (${column} %I.gin_trgm_ops)',
        trgm_schema);
    end if;
  end $$;`;
