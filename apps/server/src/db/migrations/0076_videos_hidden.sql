-- The ids of hidden videos (status <> 0: deleted on Bilibili, taken down, private), for the video libraries' kept
-- orders (video_top, 0074). Reading a kept order of 1,000 ids used to join every id to `videos` to drop hidden
-- ones: 1,000 random reads of the 6 GB table (≈ 200 ms cold at 5M videos, docs/performance.md session 12) for a
-- page that shows 20. Hidden videos are few (≈ 1 % of the 1M bench world), so this partial index is small, and an
-- anti-join against it touches `videos` only for the ids it finds. `status` is already in the visible indexes'
-- predicates (0059 and before), so a status change was never a HOT update: this index costs the snapshots nothing.
CREATE INDEX IF NOT EXISTS videos_hidden_idx ON videos (id) WHERE status <> 0;
