-- Opinion (舆情, issue #25; docs/api/opinion.md, docs/metrics.md "Opinion"): tasks on a video or on a keyword across
-- the videos of a partition or of a team's saved creators, the videos each task reads, warnings raised once per
-- event, the words of scored texts per video and day (the word cloud), and the sentiment of every comment and
-- danmaku with the model that scored it (a better model rescoring what an older one scored).

-- Sentiment: label 1 positive, 0 neutral, −1 negative; `sentiment` (0006) holds P(positive); the model version
-- that scored it. The commenter's level (1–6) and the parent of a sub-reply where the platform gives them.
ALTER TABLE comments
  ADD COLUMN level           smallint,
  ADD COLUMN parent          bigint   NOT NULL DEFAULT 0,
  ADD COLUMN sentiment_label smallint,
  ADD COLUMN sentiment_model text;
ALTER TABLE danmaku
  ADD COLUMN sentiment_label smallint,
  ADD COLUMN sentiment_model text;

CREATE TABLE opinion_tasks (
  id            bigserial   PRIMARY KEY,
  team_id       bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_by    bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind          text        NOT NULL CHECK (kind IN ('video', 'keyword')),
  video_id      bigint      REFERENCES videos(id) ON DELETE SET NULL,
  keyword       text,
  scope         text        CHECK (scope IN ('partition', 'creators')),
  tid           integer,
  name          text        NOT NULL,
  duration      smallint    NOT NULL CHECK (duration IN (1, 2, 3, 7)),
  s_time        timestamptz NOT NULL,
  e_time        timestamptz NOT NULL,
  neg_threshold smallint    NOT NULL DEFAULT 40 CHECK (neg_threshold BETWEEN 5 AND 95),
  min_volume    integer     NOT NULL DEFAULT 10 CHECK (min_volume >= 1),
  spike_factor  real        NOT NULL DEFAULT 3 CHECK (spike_factor >= 1.5),
  watch_words   text[]      NOT NULL DEFAULT '{}',
  last_run_at   timestamptz,
  next_run_at   timestamptz NOT NULL DEFAULT now(),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz,
  CHECK ((kind = 'video' AND video_id IS NOT NULL) OR kind = 'keyword' OR deleted_at IS NOT NULL),
  CHECK (kind = 'video' OR (keyword IS NOT NULL AND scope IS NOT NULL))
);
CREATE INDEX opinion_tasks_team_idx ON opinion_tasks (team_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX opinion_tasks_due_idx ON opinion_tasks (next_run_at) WHERE deleted_at IS NULL;
-- one live video task per team and video (§8 作品已被添加)
CREATE UNIQUE INDEX opinion_tasks_team_video_idx ON opinion_tasks (team_id, video_id)
  WHERE deleted_at IS NULL AND kind = 'video';

-- The videos a task reads: its video, or the newest collected videos of a keyword task's scope (refreshed per run).
CREATE TABLE opinion_task_videos (
  task_id  bigint NOT NULL REFERENCES opinion_tasks(id) ON DELETE CASCADE,
  video_id bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, video_id)
);
CREATE INDEX opinion_task_videos_video_idx ON opinion_task_videos (video_id);

-- A warning: one row per (task, event); event_key names the rule and the hour (and the word) so a re-run of the
-- same evaluation inserts nothing and notifies nobody again. state 0 new, 1 seen, 2 handled.
CREATE TABLE opinion_warnings (
  id         bigserial   PRIMARY KEY,
  task_id    bigint      NOT NULL REFERENCES opinion_tasks(id) ON DELETE CASCADE,
  team_id    bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rule       text        NOT NULL CHECK (rule IN ('negative', 'keyword', 'spike')),
  event_key  text        NOT NULL,
  bucket     timestamptz NOT NULL,
  title      text        NOT NULL,
  detail     text        NOT NULL,
  figures    jsonb       NOT NULL DEFAULT '{}',
  state      smallint    NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  handled_by bigint      REFERENCES users(id) ON DELETE SET NULL,
  handled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_id, event_key)
);
CREATE INDEX opinion_warnings_team_idx ON opinion_warnings (team_id, created_at DESC, id DESC);

-- Words of the scored texts of a video per Asia/Shanghai day, source and label (the word cloud of a video task
-- without reading its texts again). Rebuilt for a video's days whenever texts of those days are (re)scored.
CREATE TABLE opinion_words (
  video_id bigint   NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  day      date     NOT NULL,
  source   smallint NOT NULL, -- 0 comment, 1 danmaku
  label    smallint NOT NULL, -- 1, 0, −1
  word     text     NOT NULL,
  n        integer  NOT NULL,
  PRIMARY KEY (video_id, day, source, label, word)
);

-- Texts still to score (or scored by another model): found per video without reading the scored ones.
CREATE INDEX comments_unscored_idx ON comments (video_id) WHERE sentiment_model IS NULL;
CREATE INDEX danmaku_unscored_idx ON danmaku (video_id) WHERE sentiment_model IS NULL;
-- hot comments of a video
CREATE INDEX comments_video_likes_idx ON comments (video_id, likes DESC);
