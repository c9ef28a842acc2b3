-- The newest day of each daily snapshot table (issue #3, ingestion at 1M creators; docs/pipeline.md "Ingestion").
--
-- A record moves a creator's / video's current columns only when its day is not older than the row's newest daily
-- row (a backfill of an older day writes its daily row and nothing else). The ingestor checked that row by row — a
-- descent of the daily key and, for a row not yet all-visible, a heap fetch: ≈ 3 µs of the ≈ 20 a snapshot row
-- costs. A record whose day is not older than the newest day of the whole table cannot be older than its own row's:
-- the ingestor compares with this one value and probes row by row only for older days (the importer's backfills).
--
-- Kept by statement triggers on both tables, so every writer keeps it (the transition table of the statement's new
-- rows gives their newest day). It only ever rises: a TRUNCATE or DELETE leaves it higher than the data, which only
-- sends more records to the row-by-row check. Loading daily rows with triggers off (session_replication_role =
-- replica, bench/world-1m.mjs) must recompute it after, as that script does.
--
-- Only an UPDATE that changes the value locks the row (once per table and day); the others read it and go on.
CREATE TABLE daily_high_water (
  table_name text PRIMARY KEY,
  day        date NOT NULL
);
INSERT INTO daily_high_water (table_name, day)
SELECT 'creator_daily', max(day) FROM creator_daily HAVING max(day) IS NOT NULL
UNION ALL
SELECT 'video_daily', max(day) FROM video_daily HAVING max(day) IS NOT NULL;

CREATE FUNCTION raise_daily_high_water() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  newest date;
  stored date;
BEGIN
  SELECT max(day) INTO newest FROM fresh;
  IF newest IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT day INTO stored FROM daily_high_water WHERE table_name = TG_TABLE_NAME;
  IF stored IS NULL THEN
    INSERT INTO daily_high_water (table_name, day) VALUES (TG_TABLE_NAME, newest) ON CONFLICT (table_name) DO NOTHING;
  END IF;
  IF stored IS NULL OR stored < newest THEN
    UPDATE daily_high_water SET day = newest WHERE table_name = TG_TABLE_NAME AND day < newest;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER creator_daily_high_water_insert AFTER INSERT ON creator_daily
  REFERENCING NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION raise_daily_high_water();
CREATE TRIGGER creator_daily_high_water_update AFTER UPDATE ON creator_daily
  REFERENCING NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION raise_daily_high_water();
CREATE TRIGGER video_daily_high_water_insert AFTER INSERT ON video_daily
  REFERENCING NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION raise_daily_high_water();
CREATE TRIGGER video_daily_high_water_update AFTER UPDATE ON video_daily
  REFERENCING NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION raise_daily_high_water();
