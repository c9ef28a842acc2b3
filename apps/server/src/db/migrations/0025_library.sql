-- The private creator library (myUp, issue #15, spec §3 "Creator (private library)"): a team's own records of
-- creators with prices, contacts and notes. A record links to the tracked creator (creator_id) when the system
-- knows it; its kol_uid is the Bilibili UID either way (one record per UID and team).
CREATE TABLE library_entries (
  id                 bigserial   PRIMARY KEY,
  team_id            bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kol_uid            bigint      NOT NULL,
  creator_id         bigint      REFERENCES creators(id) ON DELETE SET NULL,
  main_index_url     text        NOT NULL,
  nickname           text        NOT NULL DEFAULT '',
  fans_num           bigint      NOT NULL DEFAULT 0,
  gender             smallint    NOT NULL DEFAULT 2 CHECK (gender IN (0, 1, 2)),
  platform_level     smallint    CHECK (platform_level BETWEEN 1 AND 6),
  theme_id           integer,
  theme_name         text        NOT NULL DEFAULT '',
  diy_theme_name     text        NOT NULL DEFAULT '',
  is_live            smallint    NOT NULL DEFAULT 0 CHECK (is_live IN (0, 1)),
  normal_price       numeric(12, 2) CHECK (normal_price >= 0),
  video_price        numeric(12, 2) CHECK (video_price >= 0),
  implantation_price numeric(12, 2) CHECK (implantation_price >= 0),
  special_price      numeric(12, 2) CHECK (special_price >= 0),
  launch_level       smallint    NOT NULL DEFAULT 3 CHECK (launch_level BETWEEN 1 AND 5),
  launch_count       integer     NOT NULL DEFAULT 0 CHECK (launch_count >= 0),
  auction_calendar   text        NOT NULL DEFAULT '',
  wechat             text        NOT NULL DEFAULT '',
  phone              text        NOT NULL DEFAULT '',
  qq                 text        NOT NULL DEFAULT '',
  email              text        NOT NULL DEFAULT '',
  organization       text        NOT NULL DEFAULT '',
  remark             text        NOT NULL DEFAULT '',
  is_enter           smallint    NOT NULL DEFAULT 0 CHECK (is_enter IN (0, 1)),
  contact_way        text        NOT NULL DEFAULT '',
  group_id           bigint      REFERENCES custom_groups(id) ON DELETE SET NULL,
  added_by           bigint      REFERENCES users(id) ON DELETE SET NULL,
  updated_by         bigint      REFERENCES users(id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, kol_uid)
);
CREATE INDEX library_entries_team_idx ON library_entries (team_id, updated_at DESC, id DESC);
CREATE INDEX library_entries_creator_idx ON library_entries (creator_id) WHERE creator_id IS NOT NULL;

-- Every change of a price: kind 'implantation' (植入), 'dynamic' (动态, normal_price), 'special' (特殊),
-- 'video' (定制视频). The latest of the first three are the updateImplantationPriceTem /
-- updateDynamicPriceTem / updateSpecialPriceTem of §3.
CREATE TABLE library_price_history (
  id         bigserial   PRIMARY KEY,
  team_id    bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entry_id   bigint      NOT NULL REFERENCES library_entries(id) ON DELETE CASCADE,
  kind       text        NOT NULL CHECK (kind IN ('implantation', 'dynamic', 'special', 'video')),
  old_price  numeric(12, 2),
  new_price  numeric(12, 2),
  changed_by bigint      REFERENCES users(id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_price_history_entry_idx ON library_price_history (entry_id, changed_at DESC, id DESC);
