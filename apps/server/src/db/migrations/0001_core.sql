-- Core schema: accounts, sessions, menus, platform data (creators, daily history, videos).
-- Times are timestamptz in UTC; "a day" (creator_daily.day) is a day in Asia/Shanghai.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE app_meta (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Accounts ---------------------------------------------------------------------------------------
CREATE TABLE users (
  id              bigserial PRIMARY KEY,
  username        text        NOT NULL,
  phone           text        UNIQUE,
  email           text        UNIQUE,
  password_hash   text        NOT NULL,
  user_image      text        NOT NULL DEFAULT '',
  cover_image     text        NOT NULL DEFAULT '',
  user_type       smallint    NOT NULL DEFAULT 0 CHECK (user_type BETWEEN 0 AND 4),
  version_type    smallint    NOT NULL DEFAULT 1,
  maturity_time   timestamptz,
  parent_id       bigint      REFERENCES users(id),
  buy_month_num   integer     NOT NULL DEFAULT 0,
  is_old_password smallint    NOT NULL DEFAULT 1,
  identity_type   smallint    CHECK (identity_type IN (2, 3, 4, 5, 6)),
  invite_code     text        NOT NULL UNIQUE,
  invited_by      bigint      REFERENCES users(id),
  register_parent text,
  source          text,
  ta_id           text,
  is_demo         boolean     NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (phone IS NOT NULL OR email IS NOT NULL)
);
CREATE INDEX users_parent_idx ON users (parent_id) WHERE parent_id IS NOT NULL;

-- One live session per user. A newer sign-in marks the older one 'replaced' (→ code 461).
CREATE TABLE sessions (
  id             bigserial PRIMARY KEY,
  user_id        bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash     text        NOT NULL UNIQUE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  revoked_at     timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('replaced', 'logout', 'expired', 'admin')),
  ip             text,
  user_agent     text
);
CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Image captchas, bound to the browser that fetched them (cookie), single-use.
CREATE TABLE captchas (
  id         uuid PRIMARY KEY,
  code_hash  text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  ip         text
);
CREATE INDEX captchas_created_idx ON captchas (created_at);

-- SMS codes. The sandbox provider's outbox is this table plus the log.
CREATE TABLE sms_codes (
  id          bigserial PRIMARY KEY,
  phone       text        NOT NULL,
  type        smallint    NOT NULL,
  code        text        NOT NULL,
  provider    text        NOT NULL,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz,
  attempts    smallint    NOT NULL DEFAULT 0
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (phone, type, created_at DESC);
CREATE INDEX sms_codes_ip_idx ON sms_codes (ip, created_at DESC);

-- Menus per tier (spec §2.5): a tree of routes; min_user_type gates a row.
CREATE TABLE menus (
  id            integer PRIMARY KEY,
  parent_id     integer REFERENCES menus(id),
  path          text     NOT NULL UNIQUE,
  name          text     NOT NULL,
  component     text     NOT NULL,
  redirect      text,
  hidden        boolean  NOT NULL DEFAULT false,
  title         text     NOT NULL,
  icon          text,
  tag           text,
  parent_title  text,
  sort          integer  NOT NULL DEFAULT 0,
  min_user_type smallint NOT NULL DEFAULT 0,
  open_default  boolean  NOT NULL DEFAULT false,
  enabled       boolean  NOT NULL DEFAULT true
);

-- Platform data ----------------------------------------------------------------------------------
-- Bilibili partitions (分区), two levels.
CREATE TABLE partitions (
  tid       integer PRIMARY KEY,
  parent_id integer REFERENCES partitions(tid),
  name      text NOT NULL,
  sort      integer NOT NULL DEFAULT 0
);

CREATE TABLE mcns (
  id   serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

-- Character unigrams and bigrams of a name, lower-cased: indexes 1–2 character queries that pg_trgm cannot.
CREATE FUNCTION text_grams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
  FROM (
    SELECT substr(lower(input), i, 1) AS g FROM generate_series(1, char_length(input)) AS i
    UNION ALL
    SELECT substr(lower(input), i, 2) FROM generate_series(1, char_length(input) - 1) AS i
  ) s
  WHERE g <> '' AND g !~ '^\s+$'
$$;

CREATE TABLE creators (
  id               bigserial PRIMARY KEY,              -- kolId (system number)
  mid              bigint      NOT NULL UNIQUE,          -- kolUid (Bilibili UID)
  name             text        NOT NULL,
  name_grams       text[]      GENERATED ALWAYS AS (text_grams(name)) STORED,
  face             text        NOT NULL DEFAULT '',
  sign             text        NOT NULL DEFAULT '',
  level            smallint    NOT NULL DEFAULT 1 CHECK (level BETWEEN 0 AND 6),
  sex              smallint    NOT NULL DEFAULT 2,       -- 0 female, 1 male, 2 unknown
  official_type    smallint    NOT NULL DEFAULT 0,       -- isApprove: 0 none, 1 personal, 2 organisation
  official_title   text        NOT NULL DEFAULT '',
  partition_tid    integer     REFERENCES partitions(tid),
  mcn_id           integer     REFERENCES mcns(id),
  live_room_id     bigint,
  is_live          smallint    NOT NULL DEFAULT 0,
  fans             bigint      NOT NULL DEFAULT 0,
  following        bigint      NOT NULL DEFAULT 0,
  likes            bigint      NOT NULL DEFAULT 0,
  plays            bigint      NOT NULL DEFAULT 0,
  video_count      integer     NOT NULL DEFAULT 0,
  index_num        numeric(8,2) NOT NULL DEFAULT 0,      -- 云指数, see docs/metrics.md
  tracked_since    timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creators_name_trgm_idx ON creators USING gin (name gin_trgm_ops);
CREATE INDEX creators_name_grams_idx ON creators USING gin (name_grams);
CREATE INDEX creators_fans_idx ON creators (fans DESC, id);
CREATE INDEX creators_partition_fans_idx ON creators (partition_tid, fans DESC);

-- Daily snapshot per creator (day in Asia/Shanghai). Increments are derived from consecutive days.
CREATE TABLE creator_daily (
  creator_id  bigint  NOT NULL REFERENCES creators(id) ON DELETE CASCADE,
  day         date    NOT NULL,
  fans        bigint  NOT NULL,
  following   bigint  NOT NULL DEFAULT 0,
  likes       bigint  NOT NULL,
  plays       bigint  NOT NULL,
  video_count integer NOT NULL,
  charging    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (creator_id, day)
);

CREATE TABLE videos (
  id          bigserial PRIMARY KEY,
  aid         bigint      NOT NULL UNIQUE,
  bvid        text        NOT NULL UNIQUE,
  creator_id  bigint      NOT NULL REFERENCES creators(id) ON DELETE CASCADE,
  title       text        NOT NULL,
  cover       text        NOT NULL DEFAULT '',
  description text        NOT NULL DEFAULT '',
  duration    integer     NOT NULL DEFAULT 0,            -- seconds
  pubdate     timestamptz NOT NULL,
  tid         integer     REFERENCES partitions(tid),
  copyright   smallint    NOT NULL DEFAULT 1,            -- 1 original, 2 reprint (isReprint)
  is_activity smallint    NOT NULL DEFAULT 0,
  status      smallint    NOT NULL DEFAULT 0,            -- -1 deleted
  play        bigint      NOT NULL DEFAULT 0,
  likes       bigint      NOT NULL DEFAULT 0,
  coin        bigint      NOT NULL DEFAULT 0,
  favorite    bigint      NOT NULL DEFAULT 0,
  share       bigint      NOT NULL DEFAULT 0,
  reply       bigint      NOT NULL DEFAULT 0,
  danmaku     bigint      NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX videos_creator_pubdate_idx ON videos (creator_id, pubdate DESC);
CREATE INDEX videos_pubdate_idx ON videos (pubdate DESC);

-- Daily video stats (filled by the collector; fine-grained samples for monitored videos come later).
CREATE TABLE video_daily (
  video_id bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  day      date   NOT NULL,
  play     bigint NOT NULL,
  likes    bigint NOT NULL,
  coin     bigint NOT NULL,
  favorite bigint NOT NULL,
  share    bigint NOT NULL,
  reply    bigint NOT NULL,
  danmaku  bigint NOT NULL,
  PRIMARY KEY (video_id, day)
);
