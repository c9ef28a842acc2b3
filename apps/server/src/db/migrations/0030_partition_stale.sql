-- Creators whose partition must be derived again (docs/metrics.md, "Creator partition"; issue #18, the nightly
-- rollup at 1M creators). A creator's partition depends only on its videos' tid, status and pubdate (the majority
-- over the 90 days up to its latest visible video), so it can only change when one of its videos is inserted,
-- deleted or changes one of those. Triggers on videos mark the creator here; the rollup derives the marked
-- creators and clears the marks (refreshCreatorState), instead of every creator's videos every night (≈ 5 M rows
-- and a sort at 1M creators).
--
-- Inserts and deletes are marked per statement (the transition table of the statement's rows), updates per row
-- and only when tid, status, pubdate or the owner changes: the daily counter updates of the collector (play,
-- likes …) fire nothing. Loading videos with triggers off (session_replication_role = replica, bench/world-1m.mjs)
-- must mark its creators itself, as that script does.
CREATE TABLE creator_partition_stale (
  creator_id bigint PRIMARY KEY
);

-- Every creator with a video: the first rollup after this migration derives all of them, as every rollup did.
INSERT INTO creator_partition_stale (creator_id) SELECT DISTINCT creator_id FROM videos;

CREATE FUNCTION mark_partition_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    INSERT INTO creator_partition_stale (creator_id) VALUES (NEW.creator_id) ON CONFLICT DO NOTHING;
    IF OLD.creator_id IS DISTINCT FROM NEW.creator_id THEN
      INSERT INTO creator_partition_stale (creator_id) VALUES (OLD.creator_id) ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO creator_partition_stale (creator_id) SELECT DISTINCT creator_id FROM changed ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO creator_partition_stale (creator_id) SELECT DISTINCT creator_id FROM gone ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER videos_partition_stale_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION mark_partition_stale();
CREATE TRIGGER videos_partition_stale_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION mark_partition_stale();
CREATE TRIGGER videos_partition_stale_update AFTER UPDATE OF tid, status, pubdate, creator_id ON videos
  FOR EACH ROW
  WHEN (OLD.tid IS DISTINCT FROM NEW.tid OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.pubdate IS DISTINCT FROM NEW.pubdate OR OLD.creator_id IS DISTINCT FROM NEW.creator_id)
  EXECUTE FUNCTION mark_partition_stale();
