-- The collector's per-creator scheduling state (cadence class, last / next collection, last view) moves out of
-- `creators` into a narrow table of its own (issue #3: ingestion at 1M creators; docs/pipeline.md § Cadence).
--
-- Why: every collection set creators.last_collected_at and next_collect_at (SampleIngestor.markCollected), and
-- the scheduler's claim, first slots, cadence refresh and views rewrote them too. next_collect_at was indexed
-- (creators_next_collect_idx, for the claim), so each of those writes was a non-HOT update of the wide creators
-- row: a new row version plus an entry in every index of creators (two GIN name indexes and many btrees). Here
-- the same write is a ~60-byte row with two small btrees, and creators is only rewritten by its own data.
--
-- A creator without a row is valid and means: cadence 'daily', never collected, no slot yet, never viewed.
-- Creators are inserted in several places (ingestion, the importer, the seeds), none of which has to know
-- about this table: the scheduler gives new creators their row and first slot
-- (CollectorRepository.initNextCollect), and every other writer upserts its row.

CREATE TABLE creator_schedule (
  creator_id        bigint      PRIMARY KEY REFERENCES creators(id) ON DELETE CASCADE,
  -- collection cadence class, recomputed hourly (CollectorRepository.refreshCadence)
  cadence           text        NOT NULL DEFAULT 'daily'
                                CHECK (cadence IN ('hot', 'high', 'daily', 'viewed')),
  last_collected_at timestamptz,
  -- the next collection slot (pipeline_next_slot, migration 0006), or a claim lease; null: no slot yet
  next_collect_at   timestamptz,
  -- set by the web-facing detail / compare endpoints (CollectorRepository.markViewed)
  viewed_at         timestamptz
)
-- Every collection rewrites the row and moves next_collect_at (indexed), so those updates are not HOT; the
-- free fifth of each page still lets the new version stay on its page (no relation growth, old versions
-- pruned on access), and views / cadence changes that keep the slot are HOT.
WITH (fillfactor = 80);

-- The scheduler's claim (next_collect_at <= now ORDER BY next_collect_at) and the rows without a slot
-- (next_collect_at IS NULL: btree indexes keep nulls).
CREATE INDEX creator_schedule_next_idx ON creator_schedule (next_collect_at);

-- Every existing creator keeps its state.
INSERT INTO creator_schedule (creator_id, cadence, last_collected_at, next_collect_at, viewed_at)
SELECT id, cadence, last_collected_at, next_collect_at, viewed_at FROM creators;

-- Drops creators_next_collect_idx with its column. (No table rewrite: existing creators rows keep the dropped
-- values on disk until their next update.)
ALTER TABLE creators
  DROP COLUMN cadence,
  DROP COLUMN last_collected_at,
  DROP COLUMN next_collect_at,
  DROP COLUMN viewed_at;

ANALYZE creator_schedule;
