-- Lists of a team (issue #15, spec §3, §4, §7.3): custom groups, saved creators (collect type 1, delivery
-- list type 4) and saved videos. A team is a parent account with its sub-accounts: every row belongs to the
-- parent's id (team_id) and keeps who added it (added_by).

-- Custom groups (customizeSortList type 4). One row named 'default_group' per team holds the creators
-- nobody put in a group; it is never offered as a choice (§5).
CREATE TABLE custom_groups (
  id         bigserial   PRIMARY KEY,
  team_id    bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type       smallint    NOT NULL DEFAULT 4,
  name       text        NOT NULL,
  sort       integer     NOT NULL DEFAULT 0,
  created_by bigint      REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, type, name)
);

-- Saved creators. `sort` is the team's own order (ascending; a new row goes on top); `monitor` is the
-- monitoring switch (setOpenMonitor): a monitored creator is collected in the 'high' cadence class.
CREATE TABLE saved_creators (
  id           bigserial   PRIMARY KEY,
  team_id      bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type         smallint    NOT NULL CHECK (type IN (1, 4)),
  creator_id   bigint      NOT NULL REFERENCES creators(id) ON DELETE CASCADE,
  group_id     bigint      REFERENCES custom_groups(id) ON DELETE SET NULL,
  sort         integer     NOT NULL DEFAULT 0,
  monitor      boolean     NOT NULL DEFAULT false,
  -- the creator's fans when it was saved: the list shows the change since
  fans_at_add  bigint      NOT NULL DEFAULT 0,
  added_by     bigint      REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, type, creator_id)
);
CREATE INDEX saved_creators_order_idx ON saved_creators (team_id, type, sort, id);
CREATE INDEX saved_creators_monitor_idx ON saved_creators (creator_id) WHERE monitor;

CREATE TABLE saved_videos (
  id          bigserial   PRIMARY KEY,
  team_id     bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type        smallint    NOT NULL CHECK (type IN (1, 4)),
  video_id    bigint      NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  sort        integer     NOT NULL DEFAULT 0,
  plays_at_add bigint     NOT NULL DEFAULT 0,
  added_by    bigint      REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, type, video_id)
);
CREATE INDEX saved_videos_order_idx ON saved_videos (team_id, type, sort, id);
