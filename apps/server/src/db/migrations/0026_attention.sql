-- upAttention (issue #15): what each user last saw of the creators their team monitors, so the screen can
-- show what changed since (fans, new videos, fan events). Personal: one row per user and creator.
CREATE TABLE attention_seen (
  user_id     bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  team_id     bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  creator_id  bigint      NOT NULL REFERENCES creators(id) ON DELETE CASCADE,
  fans        bigint      NOT NULL,
  video_count integer     NOT NULL,
  seen_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, creator_id)
);
CREATE INDEX attention_seen_team_idx ON attention_seen (team_id);
