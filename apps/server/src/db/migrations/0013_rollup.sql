-- The nightly rollup at 1M creators (issue #3; docs/performance.md, "Nightly rollup at 1M creators").

-- The rollup reads four day slices of creator_daily (the day, d − 1, d − 7, d − 30) set-based. Ingestion appends
-- each day's snapshots, so a day's rows lie together at the table's end: a BRIN index on day finds them without
-- reading the whole history, and costs ingestion next to nothing (a summary per 128 pages, no entry per row).
CREATE INDEX creator_daily_day_brin ON creator_daily USING brin (day);

-- A creator without its own audience sample (portrait_source 'partition', nearly every creator) stores no
-- portrait strings: its portrait is its partition's pooled one, partition_portraits.tid = portrait_tid, written by
-- the same rollup (the three JSON strings were ~700 of the row's ~1,000 bytes, identical per partition). Readers
-- take coalesce(creator_metrics.<x>_portrait, partition_portraits.<x>_portrait).
ALTER TABLE creator_metrics
  ALTER COLUMN gender_portrait DROP NOT NULL,
  ALTER COLUMN age_portrait DROP NOT NULL,
  ALTER COLUMN area_portrait DROP NOT NULL,
  ADD COLUMN portrait_tid integer,
  ADD CONSTRAINT creator_metrics_portrait_check CHECK (
    portrait_tid IS NOT NULL OR (gender_portrait IS NOT NULL AND age_portrait IS NOT NULL AND area_portrait IS NOT NULL)
  );
