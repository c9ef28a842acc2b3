-- The daily snapshot tables partitioned by month (issue #28 item 6; docs/scaling.md, docs/pipeline.md
-- "Daily partitions").
--
-- creator_daily and video_daily grow by a row per tracked creator / video and day (≈ 30 M rows a month at 1M
-- creators). As one table each, their indexes and vacuum grow without bound and old months can only be removed
-- row by row. Range-partitioned by `day`, one partition a month (creator_daily_202611 …), a month is one table:
-- the rollup and the ingestor touch only the newest partitions, and a month past the retention is detached whole
-- (`DAILY_RETENTION_MONTHS`, the scheduler's daily `maintenance.daily-partitions`).
--
-- A DEFAULT partition takes a row whose month has no partition yet (an import of 2023's lists, a clock ahead of
-- the scheduler): nothing is ever refused for want of a partition, and the maintenance job moves such rows into
-- their month's own partition (ensure_daily_partition below).
--
-- The keys keep `creator_id` / `video_id` first and carry no foreign key (0015), so the same tables can be
-- distributed by creator on a distributed PostgreSQL (docs/scaling.md) without a schema change.
--
-- This migration moves the existing rows (a fresh database has none; the demo world's ≈ 3 M take some seconds)
-- and re-creates on the new tables every index and trigger the old ones had, whatever earlier migrations added.

-- One month's partition of `parent` (creator_daily / video_daily); creates it when missing, moving that month's
-- rows out of the DEFAULT partition first. Answers true when it created the partition.
CREATE FUNCTION ensure_daily_partition(parent text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', month)::date;
  next date := (date_trunc('month', month) + interval '1 month')::date;
  child text := format('%s_%s', parent, to_char(first, 'YYYYMM'));
  fallback text := parent || '_default';
BEGIN
  IF parent NOT IN ('creator_daily', 'video_daily') THEN
    RAISE EXCEPTION 'ensure_daily_partition: % is not a daily table', parent;
  END IF;
  IF to_regclass(child) IS NOT NULL THEN
    RETURN false;
  END IF;
  -- writers wait for the few milliseconds of the move, so no row of the month lands in DEFAULT meanwhile
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', fallback);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', child, parent);
  -- the range as a constraint first: ATTACH then skips its validation scan of the new table
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (day >= %L AND day < %L)', child, child || '_range', first, next);
  EXECUTE format(
    'WITH moved AS (DELETE FROM %I WHERE day >= %L AND day < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    fallback, first, next, child);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, child, first, next);
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', child, child || '_range');
  RETURN true;
END
$$;

-- Every month from `from_day` to `to_day` (inclusive); how many partitions it created.
CREATE FUNCTION ensure_daily_partitions(parent text, from_day date, to_day date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', from_day)::date;
  made integer := 0;
BEGIN
  WHILE m <= to_day LOOP
    IF ensure_daily_partition(parent, m) THEN
      made := made + 1;
    END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
  RETURN made;
END
$$;

-- The conversion of one table: rename the old one, create the partitioned table with the same columns, indexes and
-- triggers, partitions for the months its rows hold (and the current month and the next two), move the rows.
CREATE FUNCTION pg_temp.partition_daily_table(parent text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old text := parent || '_unpartitioned';
  r record;
  lo date;
  hi date;
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', parent, old);
  EXECUTE format('ALTER INDEX %I RENAME TO %I', parent || '_pkey', old || '_pkey');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (day)',
    parent, old);
  EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (%I, day)', parent,
    CASE parent WHEN 'creator_daily' THEN 'creator_id' ELSE 'video_id' END);
  -- the other indexes, as defined on the old table (their names kept)
  FOR r IN
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = old::regclass AND NOT i.indisprimary
  LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', r.name, r.name || '_old');
    EXECUTE replace(replace(r.def, format(' ON public.%s ', old), format(' ON public.%s ', parent)),
      format(' ON %s ', old), format(' ON %s ', parent));
  END LOOP;
  -- its triggers (the high-water statement triggers of 0017 …)
  FOR r IN
    SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS def
    FROM pg_trigger t
    WHERE t.tgrelid = old::regclass AND NOT t.tgisinternal
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r.name, old);
    EXECUTE replace(replace(r.def, format(' ON public.%s ', old), format(' ON public.%s ', parent)),
      format(' ON %s ', old), format(' ON %s ', parent));
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', parent || '_default', parent);
  EXECUTE format('SELECT min(day), max(day) FROM %I', old) INTO lo, hi;
  lo := least(coalesce(lo, current_date), (date_trunc('month', current_date))::date);
  hi := greatest(coalesce(hi, current_date), (date_trunc('month', current_date) + interval '2 months')::date);
  PERFORM ensure_daily_partitions(parent, lo, hi);
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', parent, old);
  -- views over the old table (creator_daily_inc …) follow it by oid: point them at the new one
  FOR r IN
    SELECT DISTINCT v.oid::regclass::text AS name, pg_get_viewdef(v.oid) AS def
    FROM pg_depend d
    JOIN pg_rewrite w ON w.oid = d.objid
    JOIN pg_class v ON v.oid = w.ev_class
    WHERE d.refobjid = old::regclass AND v.oid <> old::regclass AND v.relkind = 'v'
  LOOP
    EXECUTE format('CREATE OR REPLACE VIEW %s AS %s', r.name, replace(r.def, old, parent));
  END LOOP;
  EXECUTE format('DROP TABLE %I', old);
END
$$;

SELECT pg_temp.partition_daily_table('creator_daily');
SELECT pg_temp.partition_daily_table('video_daily');
ANALYZE creator_daily;
ANALYZE video_daily;
