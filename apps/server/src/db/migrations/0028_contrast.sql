-- Comparison reports (issue #17, spec §2.7, §3, §4, §7.5): a report of 2–5 creators, owned by a team (the parent
-- account's id; its sub-accounts see it too), kept as a snapshot of the numbers at generation time so it reopens
-- exactly as generated. docs/metrics.md "Comparison report", docs/api/contrast.md.
CREATE TABLE contrast_reports (
  id               bigserial   PRIMARY KEY,
  team_id          bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- the team member who generated it
  created_by       bigint      REFERENCES users(id) ON DELETE SET NULL,
  -- the compared creators (kolId) in the order asked; no foreign key: a report outlives a removed creator
  kol_ids          bigint[]    NOT NULL CHECK (cardinality(kol_ids) BETWEEN 2 AND 5),
  -- the Asia/Shanghai day the figures were taken at (null when no creator had a stored snapshot)
  data_date        date,
  -- { "kols": ContrastKolData[] without the live flags, "overlap": ContrastOverlap, "verdicts": ContrastVerdict[] }
  snapshot         jsonb       NOT NULL,
  -- the report's intended creator (isAdmire). One column, so one per report by construction: concurrent
  -- setIntention calls each replace it in one UPDATE of this row. It must be one of the compared creators.
  intention_kol_id bigint      CHECK (intention_kol_id IS NULL OR intention_kol_id = ANY (kol_ids)),
  intention_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- soft delete (delContrastRecord); a deleted report is gone for every reader
  deleted_at       timestamptz
);
-- the saved-report list: the team's live reports, newest first
CREATE INDEX contrast_reports_team_idx ON contrast_reports (team_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX contrast_reports_created_by_idx ON contrast_reports (created_by) WHERE created_by IS NOT NULL;

-- The audience overlap reads the latest comments of each compared creator's videos and only their commenter (mid):
-- the comments index by (video_id, ctime DESC) now carries mid and id, so that read is an index-only scan. Same
-- key columns as 0006's index, which it replaces (every query that used the old one can use this one).
CREATE INDEX comments_video_ctime_cover_idx ON comments (video_id, ctime DESC) INCLUDE (mid, id);
DROP INDEX comments_video_ctime_idx;
