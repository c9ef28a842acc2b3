-- Placements (投放, issue #24; spec §3 Placement record, §4, §5, §9) and the team that owns a monitor target.
--
-- A placement record belongs to a team (the parent account's id, like the lists of 0024) and optionally to one
-- of its custom groups (tId = custom_groups.id, type 4). addType 1 names a published work by link: video_id is
-- set once the work is in the database (bvid / aid keep the link's id meanwhile, the collector fetches it);
-- addType 2 names a creator whose work is not published yet: the creator's first work published after the
-- record is offered and attached when the user confirms. The promotion cost is kept as exact yuan.
CREATE TABLE placement_records (
  id               bigserial     PRIMARY KEY,
  team_id          bigint        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id         bigint        REFERENCES custom_groups(id) ON DELETE SET NULL,
  add_type         smallint      NOT NULL CHECK (add_type IN (1, 2)),
  work_type        smallint      NOT NULL DEFAULT 1 CHECK (work_type IN (1, 2)),
  video_url        text,
  aid              bigint,
  bvid             text,
  video_id         bigint        REFERENCES videos(id) ON DELETE SET NULL,
  creator_id       bigint        REFERENCES creators(id) ON DELETE SET NULL,
  promotion_cost   numeric(10,2) NOT NULL CHECK (promotion_cost > 0 AND promotion_cost <= 99999999),
  monitor_duration smallint      NOT NULL DEFAULT 0 CHECK (monitor_duration IN (0, 1, 2, 3, 7)),
  s_time           timestamptz,
  e_time           timestamptz,
  target_id        bigint        REFERENCES monitor_targets(id) ON DELETE SET NULL,
  created_by       bigint        REFERENCES users(id) ON DELETE SET NULL,
  created_at       timestamptz   NOT NULL DEFAULT now(),
  updated_at       timestamptz   NOT NULL DEFAULT now(),
  CHECK (add_type <> 1 OR aid IS NOT NULL OR bvid IS NOT NULL OR video_id IS NOT NULL),
  CHECK (add_type <> 2 OR creator_id IS NOT NULL),
  CHECK (e_time IS NULL OR s_time IS NULL OR e_time > s_time)
);
CREATE INDEX placement_records_team_idx ON placement_records (team_id, id DESC);
-- one placement of a work per team (flag 3: 作品已被添加)
CREATE UNIQUE INDEX placement_records_team_video_idx ON placement_records (team_id, video_id) WHERE video_id IS NOT NULL;
CREATE UNIQUE INDEX placement_records_team_bvid_idx ON placement_records (team_id, bvid) WHERE bvid IS NOT NULL;
CREATE INDEX placement_records_collecting_idx ON placement_records (bvid) WHERE video_id IS NULL AND add_type = 1;

-- Monitor targets carry the team that asked for them (video monitoring and placements; the collector's own
-- targets keep null), where they came from, and how long hourly samples continue after the window.
ALTER TABLE monitor_targets
  ADD COLUMN team_id    bigint      REFERENCES users(id) ON DELETE CASCADE,
  ADD COLUMN source     text        NOT NULL DEFAULT 'system' CHECK (source IN ('system', 'placement', 'monitor')),
  ADD COLUMN tail_until timestamptz,
  ADD CHECK (tail_until IS NULL OR tail_until >= window_end);
CREATE INDEX monitor_targets_team_idx ON monitor_targets (team_id, id DESC) WHERE team_id IS NOT NULL;
CREATE INDEX monitor_targets_tail_idx ON monitor_targets (kind, tail_until) WHERE tail_until IS NOT NULL;
