-- The operator console (issue #27): operator accounts with roles and a TOTP second factor, the per-session TOTP
-- verification, an append-only audit log, and offline bank transfers as a payment provider. docs/api/console.md.

-- An operator is a user account flagged by a row here, with one role. The accounts of OPERATOR_USER_IDS (and,
-- in sandbox mode, demo-premium) count as admins without a row (the pipeline-health operators before #27).
CREATE TABLE operators (
  user_id          bigint      PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  role             text        NOT NULL CHECK (role IN ('content', 'service', 'finance', 'admin')),
  -- base32 TOTP secret (RFC 6238); pending until totp_enabled_at is set by a first valid code
  totp_secret      text,
  totp_enabled_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- A console session: the sign-in session whose TOTP code was checked, and until when.
CREATE TABLE console_verifications (
  session_id     bigint      PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  user_id        bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  verified_until timestamptz NOT NULL
);

-- Every operator action. Append-only: updates, deletes and truncation are refused by triggers, so nobody using
-- the application's connection (operators included) can change or remove an entry.
CREATE TABLE audit_log (
  id          bigserial   PRIMARY KEY,
  operator_id bigint      NOT NULL,
  role        text        NOT NULL,
  action      text        NOT NULL,
  target      text        NOT NULL DEFAULT '',
  detail      jsonb       NOT NULL DEFAULT '{}',
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Offline bank transfer (§9: offered for companies): an order a finance operator records as paid, granted
-- through the same path as an online payment. pay_type 3.
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_provider_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_provider_check
  CHECK (provider IN ('alipay', 'wechatpay', 'sandbox', 'bank'));
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_pay_type_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_pay_type_check CHECK (pay_type IN (1, 2, 3));
