-- Notifications (docs/api/notify.md): what monitoring alerts and opinion warnings tell a team. One row per
-- event and team (`dedupe_key` unique per team: the same event raised twice is delivered once); `user_id` is
-- the member it is addressed to (NULL: the whole team). `read_at` is set when a member marks it read.
CREATE TABLE notifications (
  id          bigserial   PRIMARY KEY,
  team_id     bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_id     bigint      REFERENCES users(id) ON DELETE SET NULL,
  kind        text        NOT NULL,
  title       text        NOT NULL,
  body        text        NOT NULL,
  link        text,
  dedupe_key  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz,
  UNIQUE (team_id, dedupe_key)
);
CREATE INDEX notifications_team_created ON notifications (team_id, created_at DESC, id DESC);
CREATE INDEX notifications_team_unread ON notifications (team_id) WHERE read_at IS NULL;

-- A team's chat robots (incoming webhooks of WeCom, DingTalk, Feishu): one per provider.
CREATE TABLE team_webhooks (
  id          bigserial   PRIMARY KEY,
  team_id     bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider    text        NOT NULL CHECK (provider IN ('wecom', 'dingtalk', 'feishu')),
  url         text        NOT NULL,
  enabled     boolean     NOT NULL DEFAULT true,
  created_by  bigint      REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, provider)
);

-- Every delivery attempt of a notification outside the app (mail, each robot), with its outcome. In sandbox
-- mode a robot message is not sent: it is written here with status 'sandbox' (the outbox of the robots).
CREATE TABLE notification_deliveries (
  id               bigserial   PRIMARY KEY,
  notification_id  bigint      REFERENCES notifications(id) ON DELETE CASCADE,
  team_id          bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel          text        NOT NULL CHECK (channel IN ('mail', 'wecom', 'dingtalk', 'feishu')),
  status           text        NOT NULL CHECK (status IN ('sent', 'failed', 'sandbox', 'skipped')),
  payload          jsonb,
  detail           text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_deliveries_team ON notification_deliveries (team_id, channel, created_at DESC);
