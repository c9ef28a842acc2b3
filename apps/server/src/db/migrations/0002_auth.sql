-- Accounts: failed sign-ins, for the lockout of spec §6 / Msg.loginLocked (5 failures per account and IP
-- within 10 minutes). A table rather than process memory so the lock holds across API nodes and restarts.
CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  login_key  text        NOT NULL,   -- 'phone:<phone>' or 'email:<lower-case address>'
  ip         text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (login_key, ip, created_at DESC);
CREATE INDEX login_failures_created_idx ON login_failures (created_at);
