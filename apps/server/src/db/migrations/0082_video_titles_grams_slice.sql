-- The capped count of a keyword (视频搜索 / 短视频库: up to 1,001 matches, the extra one tells "more") first in one
-- eighth of the titles (video_id % 8 = 0; docs/performance.md "Video keyword counts from a slice", session 19).
-- A count over the whole table builds the bitmap of every match from video_titles_grams_idx before its LIMIT stops
-- it: 52,726 matches for a two-character keyword found in 1 % of 5M titles, 7–12 ms of the count's 14–17 ms. More
-- than 1,000 matches in the slice prove more than 1,000 in the whole (every row of the slice is a row of the
-- whole), from a bitmap an eighth the size: 2.4 ms for that keyword. A keyword the slice finds 1,000 times or
-- fewer is counted over the whole table as before (an eighth more work; VideoLibraryRepository.countCapped).
-- The predicate is written as the count writes it (a literal 8), so the planner matches this partial index.
CREATE INDEX video_titles_grams_slice_idx ON video_titles USING gin (title_grams) WHERE video_id % 8 = 0;

-- The rebuild drops every secondary index for its bulk load and makes each again from its definition as it stands
-- (0078 and 0079 named each one, so each new index meant a new copy of this function).
CREATE OR REPLACE FUNCTION video_titles_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  defs text[];
  d text;
BEGIN
  SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid)), '{}') INTO defs
    FROM pg_index i WHERE i.indrelid = 'video_titles'::regclass AND NOT i.indisprimary;
  FOR d IN
    SELECT format('DROP INDEX %I.%I', ns.nspname, c.relname)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE i.indrelid = 'video_titles'::regclass AND NOT i.indisprimary
  LOOP
    EXECUTE d;
  END LOOP;
  TRUNCATE video_titles;
  INSERT INTO video_titles (video_id, pubdate, tid, duration, vertical, title, title_grams)
  SELECT id, pubdate, tid, duration, vertical, title, title_grams FROM videos WHERE status = 0 ORDER BY pubdate, id;
  GET DIAGNOSTICS n = ROW_COUNT;
  FOREACH d IN ARRAY defs LOOP
    EXECUTE d;
  END LOOP;
  RETURN n;
END
$$;
