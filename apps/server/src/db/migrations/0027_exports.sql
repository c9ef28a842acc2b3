-- Excel exports (issue #16, spec §7.6): one row per export a team asked for, its progress and its file.
-- `owner_id` is the team (the parent account of a sub-account, else the account itself): the team's members
-- see and download its files, nobody else. `quota_rows` is what the export spent of the team's monthly quota
-- (month = the Asia/Shanghai month of created_at); a failure gives it back.
CREATE TABLE exports (
  id               bigserial   PRIMARY KEY,
  owner_id         bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_id          bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  list             text        NOT NULL,
  scope            text        NOT NULL CHECK (scope IN ('page', 'first100', 'all')),
  params           jsonb       NOT NULL,
  file_name        text        NOT NULL,
  state            text        NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  rows_total       integer     NOT NULL CHECK (rows_total >= 0),
  rows_done        integer     NOT NULL DEFAULT 0 CHECK (rows_done >= 0),
  quota_rows       integer     NOT NULL DEFAULT 0 CHECK (quota_rows >= 0),
  size_bytes       integer,
  error            text,
  -- a download link: the SHA-256 of its token and when it stops working
  link_hash        text,
  link_expires_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz,
  expires_at       timestamptz NOT NULL
);
CREATE INDEX exports_owner_created ON exports (owner_id, created_at DESC);
CREATE INDEX exports_running ON exports (updated_at) WHERE state = 'running';
CREATE INDEX exports_expires ON exports (expires_at);

-- The produced workbook, apart from the listing (read only for a download).
CREATE TABLE export_files (
  export_id bigint PRIMARY KEY REFERENCES exports(id) ON DELETE CASCADE,
  data      bytea  NOT NULL
);
