-- Similar creators (GET /api/similarKol) read their candidates from creator_metrics, which the nightly rollup
-- rebuilds: it now carries the creator's partition of the rollup day, and one index orders each partition's
-- creators by fans. The same index on creators would cost every daily fans update its HOT path (0012); on
-- creator_metrics it is built once a night with the fresh table. Before: the candidates of a large partition
-- (≈ 21k creators at 1M) were read from creators' heap (fillfactor 50: ≈ 19k pages) — 0.3–2 s uncached.
ALTER TABLE creator_metrics ADD COLUMN partition_tid int;
UPDATE creator_metrics m SET partition_tid = c.partition_tid FROM creators c WHERE c.id = m.creator_id;
CREATE INDEX creator_metrics_similar_idx ON creator_metrics (partition_tid, fans);
