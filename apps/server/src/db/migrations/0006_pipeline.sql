-- The data pipeline (issue #3 parts 3, 4, 7; docs/pipeline.md): collection cadence of creators, opinion samples
-- (comments, danmaku), fine-grained samples of monitored videos and live rooms, creator collection requests,
-- monitor targets, and the pipeline's own bookkeeping. The job queue itself lives in the `pgboss` schema,
-- which pg-boss creates and migrates on start.

-- Creators: how often each one is collected (cadence classes, docs/pipeline.md § Cadence) ------------------
ALTER TABLE creators
  ADD COLUMN cadence           text        NOT NULL DEFAULT 'daily'
                               CHECK (cadence IN ('hot', 'high', 'daily', 'viewed')),
  ADD COLUMN last_collected_at timestamptz,
  ADD COLUMN next_collect_at   timestamptz,
  -- set by the web-facing detail / compare endpoints (CollectorRepository.markViewed)
  ADD COLUMN viewed_at         timestamptz;
CREATE INDEX creators_next_collect_idx ON creators (next_collect_at);
CREATE INDEX creators_live_room_idx ON creators (live_room_id) WHERE live_room_id IS NOT NULL;

-- The next collection slot of a creator after an instant. Every creator has a fixed offset (a hash of its mid),
-- so collections spread evenly: hourly classes at a fixed minute of the hour, 'viewed' every 15 minutes, and
-- 'daily' once per Asia/Shanghai day between 00:00 and 20:00 (the last four hours stay free, so that a
-- backlog still lands on the same Shanghai day). Shanghai midnight is 16:00 UTC (57,600 s into a UTC day).
CREATE FUNCTION pipeline_next_slot(p_mid bigint, p_cadence text, p_after timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  WITH p AS (
    SELECT CASE p_cadence WHEN 'daily' THEN 86400 WHEN 'viewed' THEN 900 ELSE 3600 END AS period,
           CASE p_cadence
             WHEN 'daily' THEN 57600 + abs(hashint8(p_mid)::bigint) % 72000
             WHEN 'viewed' THEN abs(hashint8(p_mid)::bigint) % 900
             ELSE abs(hashint8(p_mid)::bigint) % 3600
           END AS off,
           extract(epoch FROM p_after)::numeric AS t
  )
  SELECT to_timestamp((off + period * (floor((t - off) / period) + 1))::double precision) FROM p
$$;

-- Opinion samples -----------------------------------------------------------------------------------------
CREATE TABLE comments (
  id           bigserial   PRIMARY KEY,
  video_id     bigint      NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  rpid         bigint      NOT NULL UNIQUE,
  mid          bigint      NOT NULL,
  uname        text        NOT NULL,
  sex          smallint    NOT NULL DEFAULT 2,   -- 0 female, 1 male, 2 unknown
  ip_location  text,                             -- '广东', null when hidden
  message      text        NOT NULL,
  ctime        timestamptz NOT NULL,
  likes        integer     NOT NULL DEFAULT 0,
  sentiment    real,                             -- filled by the opinion analysis, null until then
  collected_at timestamptz NOT NULL DEFAULT now(),
  root         bigint      NOT NULL DEFAULT 0    -- 0 for a top-level comment
);
CREATE INDEX comments_video_ctime_idx ON comments (video_id, ctime DESC);

CREATE TABLE danmaku (
  id          bigserial   PRIMARY KEY,
  video_id    bigint      NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  cid         bigint      NOT NULL,
  progress_ms integer     NOT NULL,
  ctime       timestamptz NOT NULL,
  mid_hash    text        NOT NULL,
  text        text        NOT NULL,
  sentiment   real,
  dmid        text                              -- the platform's danmaku id (exceeds 2^53), when known
);
CREATE UNIQUE INDEX danmaku_natural_key ON danmaku (cid, mid_hash, ctime, progress_ms, md5(text));
CREATE INDEX danmaku_video_ctime_idx ON danmaku (video_id, ctime DESC);

-- When the comments / danmaku of a video were last collected (the daily sampler and opinion jobs).
CREATE TABLE comment_crawls (
  video_id          bigint      PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  comments_at       timestamptz,
  comments_seen     integer     NOT NULL DEFAULT 0,
  danmaku_at        timestamptz,
  danmaku_seen      integer     NOT NULL DEFAULT 0
);

-- Fine-grained samples ----------------------------------------------------------------------------------
CREATE TABLE video_samples (
  video_id bigint      NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  ts       timestamptz NOT NULL,
  play     bigint      NOT NULL,
  likes    bigint      NOT NULL,
  coin     bigint      NOT NULL,
  favorite bigint      NOT NULL,
  share    bigint      NOT NULL,
  reply    bigint      NOT NULL,
  danmaku  bigint      NOT NULL,
  PRIMARY KEY (video_id, ts)
);

CREATE TABLE live_samples (
  room_id      bigint      NOT NULL,
  creator_id   bigint      REFERENCES creators(id) ON DELETE CASCADE,
  ts           timestamptz NOT NULL,
  live_status  smallint    NOT NULL,
  online       integer     NOT NULL,
  danmaku_rate real,          -- danmaku per minute; null: the web API does not expose it
  gift_value   numeric(14,2), -- CNY; null: the web API does not expose it
  PRIMARY KEY (room_id, ts)
);
CREATE INDEX live_samples_creator_ts_idx ON live_samples (creator_id, ts DESC);

-- Collection requests (submitCollectionKol) and monitor targets -----------------------------------------------
CREATE TABLE collection_requests (
  id           bigserial   PRIMARY KEY,
  mid          bigint      NOT NULL,
  requested_by bigint      REFERENCES users(id) ON DELETE SET NULL,
  input        text,
  state        text        NOT NULL DEFAULT 'queued'
               CHECK (state IN ('queued', 'searchable', 'done', 'failed', 'not_found')),
  creator_id   bigint      REFERENCES creators(id) ON DELETE SET NULL,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- One pending request per creator: a second submission joins the first.
CREATE UNIQUE INDEX collection_requests_pending_idx ON collection_requests (mid) WHERE state IN ('queued', 'searchable');
CREATE INDEX collection_requests_mid_idx ON collection_requests (mid, created_at DESC);

CREATE TABLE monitor_targets (
  id               bigserial   PRIMARY KEY,
  kind             text        NOT NULL CHECK (kind IN ('video', 'live')),
  video_id         bigint      REFERENCES videos(id) ON DELETE CASCADE,
  room_id          bigint,
  creator_id       bigint      REFERENCES creators(id) ON DELETE CASCADE,
  window_start     timestamptz NOT NULL,
  window_end       timestamptz NOT NULL,
  -- null: 300 s for videos, 60 s for live rooms
  interval_seconds integer     CHECK (interval_seconds IS NULL OR interval_seconds >= 60),
  created_by       bigint      REFERENCES users(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (window_end > window_start),
  CHECK (kind <> 'video' OR video_id IS NOT NULL),
  CHECK (kind <> 'live' OR room_id IS NOT NULL OR creator_id IS NOT NULL)
);
CREATE INDEX monitor_targets_active_idx ON monitor_targets (kind, window_end);

-- Pipeline bookkeeping (the health endpoint) ----------------------------------------------------------------
-- Job outcomes per job name and minute (error rates); pruned after 7 days by the scheduler.
CREATE TABLE job_stats (
  name   text        NOT NULL,
  minute timestamptz NOT NULL,
  ok     integer     NOT NULL DEFAULT 0,
  failed integer     NOT NULL DEFAULT 0,
  PRIMARY KEY (name, minute)
);

-- The last outcome per job name.
CREATE TABLE job_status (
  name            text        PRIMARY KEY,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error      text,
  successes       bigint      NOT NULL DEFAULT 0,
  failures        bigint      NOT NULL DEFAULT 0
);

-- Small state of the scheduler (last slot of each periodic task) and per-process request counters.
CREATE TABLE pipeline_state (
  key        text        PRIMARY KEY,
  value      jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
