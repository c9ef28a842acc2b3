-- The operator console's editors, user management and security (issue #27, second part; docs/api/console.md).

-- Help answers and tutorial videos can be unpublished (kept as drafts); the public help reads published rows only.
ALTER TABLE answers ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE tutorial_videos ADD COLUMN published boolean NOT NULL DEFAULT true;

-- Branding (product name, logo, company lines) edited in the console; empty fields keep the configured value.
ALTER TABLE content_settings DROP CONSTRAINT content_settings_key_check;
ALTER TABLE content_settings ADD CONSTRAINT content_settings_key_check
  CHECK (key IN ('customerService', 'serveWarn', 'prize', 'accessRecords', 'landing', 'branding'));

-- Operator security: the last accepted TOTP time step (a code is refused once its step was used: no replay),
-- and when the operator last set a password under the strong rule (NULL: the console asks for one first).
ALTER TABLE operators ADD COLUMN totp_last_step bigint;
ALTER TABLE operators ADD COLUMN strong_password_at timestamptz;

-- An account an operator disabled (with the reason): it cannot sign in; its sessions were revoked ('admin').
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN disabled_reason text CHECK (disabled_reason IS NULL OR char_length(disabled_reason) <= 200);

-- Operator decisions on free-VIP applications: who decided and the rejection reason.
ALTER TABLE free_vip_applications ADD COLUMN decided_by bigint REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE free_vip_applications ADD COLUMN reject_reason text;

-- Usage counters per Asia/Shanghai day, account and kind ('active': any signed-in call; 'search': a creator
-- search), with the account's tier when first counted that day. Written in batches from memory (cheap).
CREATE TABLE usage_daily (
  day       date     NOT NULL,
  user_id   bigint   NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind      text     NOT NULL CHECK (kind IN ('active', 'search')),
  user_type smallint NOT NULL,
  count     integer  NOT NULL CHECK (count > 0),
  PRIMARY KEY (day, kind, user_id)
);
