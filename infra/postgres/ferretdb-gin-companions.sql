-- GIN companions for FerretDB 1.24's indexes, so that its pushed-down filters use an index.
--
-- FerretDB 1.24 on PostgreSQL stores each collection as a table with one jsonb column, `_jsonb`, turns
-- an index on field f into a btree on the expression (_jsonb -> 'f'), and pushes an equality filter
-- on f down as `_jsonb -> 'f' @> <value>`. A btree cannot serve `@>`, so every pushed-down query,
-- a lookup by `_id` included, was a sequential scan that decompressed every document of the
-- collection: measured on this machine, 3.6 µs of PostgreSQL CPU per stored document per query, so a
-- read by id cost 26 ms of CPU with 7,000 payments stored. A GIN index on the same expression serves
-- `@>`: the same query is a bitmap index scan (0.05 ms at 58,600 documents).
--
-- The event trigger below gives every btree index FerretDB creates on a top-level field a GIN index
-- on each of its expressions, in the same transaction, and the block at the end does the same for
-- the indexes of collections created before the trigger existed. FerretDB never sees these indexes
-- (it keeps its own catalogue); PostgreSQL drops them with their table. Idempotent: scripts/infra
-- applies it to FerretDB's database on every start. For your own FerretDB on PostgreSQL, apply it once
-- to its database as a superuser: psql "$POSTGRESQL_URL" -f infra/postgres/ferretdb-gin-companions.sql

CREATE OR REPLACE FUNCTION public.ferretdb_gin_companions_of(index_oid oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target regclass;
  method name;
  columns int;
  column_number int;
  expression text;
BEGIN
  SELECT i.indrelid::regclass, am.amname, i.indnatts
    INTO target, method, columns
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
   WHERE i.indexrelid = index_oid;
  IF method IS DISTINCT FROM 'btree' THEN
    RETURN;
  END IF;
  FOR column_number IN 1..columns LOOP
    expression := pg_get_indexdef(index_oid, column_number, true);
    -- Top-level fields only: FerretDB pushes no filter on a dotted path down.
    CONTINUE WHEN expression !~ '^\(?_jsonb -> ''[^'']*''::text\)?$';
    CONTINUE WHEN EXISTS (
      SELECT 1
        FROM pg_index companion
        JOIN pg_class c ON c.oid = companion.indexrelid
        JOIN pg_am am ON am.oid = c.relam
       WHERE companion.indrelid = target
         AND am.amname = 'gin'
         AND pg_get_indexdef(companion.indexrelid, 1, true) = expression
    );
    EXECUTE format(
      'CREATE INDEX %I ON %s USING gin ((%s))',
      left(regexp_replace(target::text, '^.*\.', ''), 40) || '_' || left(md5(target::text || expression), 12) || '_gin',
      target,
      trim(both '()' FROM expression)
    );
  END LOOP;
EXCEPTION WHEN OTHERS THEN
  -- Never fail FerretDB's own statement: without its companion a query is slower, not wrong.
  RAISE WARNING 'no GIN companion for index %: %', index_oid::regclass, SQLERRM;
END
$$;

CREATE OR REPLACE FUNCTION public.ferretdb_gin_companions() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  command record;
BEGIN
  FOR command IN
    SELECT objid FROM pg_event_trigger_ddl_commands() WHERE object_type = 'index'
  LOOP
    PERFORM public.ferretdb_gin_companions_of(command.objid);
  END LOOP;
END
$$;

DROP EVENT TRIGGER IF EXISTS ferretdb_gin_companions;
CREATE EVENT TRIGGER ferretdb_gin_companions ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX')
  EXECUTE FUNCTION public.ferretdb_gin_companions();

-- A prepared statement's generic plan keeps the field name a parameter (`_jsonb -> $1`), which no
-- expression index matches; FerretDB's driver caches its statements, so plan each execution.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET plan_cache_mode = force_custom_plan', current_database());
END
$$;

-- The collections created before the trigger.
DO $$
DECLARE
  existing record;
BEGIN
  FOR existing IN
    SELECT i.indexrelid
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_am am ON am.oid = c.relam
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE am.amname = 'btree'
       AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  LOOP
    PERFORM public.ferretdb_gin_companions_of(existing.indexrelid);
  END LOOP;
END
$$;
