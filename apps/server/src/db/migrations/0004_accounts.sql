-- Accounts (issue #4): WeChat QR sign-in, e-mail codes, phone change tickets, the sandbox mail outbox.

-- A WeChat user of the official account (openid), and the account it signs in to once linked (bind or
-- register with its taId). One WeChat per account, one account per WeChat.
CREATE TABLE wechat_identities (
  id         bigserial PRIMARY KEY,
  openid     text        NOT NULL UNIQUE,
  nickname   text        NOT NULL DEFAULT '',
  provider   text        NOT NULL CHECK (provider IN ('official', 'sandbox')),
  user_id    bigint      UNIQUE REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  linked_at  timestamptz
);

-- One QR shown on the sign-in page (spec §4 QR sign-in). The browser holds `sign` (only its SHA-256 is
-- stored) and polls with it; the QR carries `scene`, a different random value, so seeing the QR is not
-- enough to collect its result. waiting → scanned (the event push named an openid) → done (a poll took the
-- result: a session, or a taId for the register/bind panels).
CREATE TABLE qr_tickets (
  id            bigserial PRIMARY KEY,
  sign_hash     text        NOT NULL UNIQUE,
  scene         text        NOT NULL UNIQUE,
  flag          smallint    NOT NULL CHECK (flag IN (1, 2)),
  status        text        NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'scanned', 'done')),
  identity_id   bigint      REFERENCES wechat_identities(id) ON DELETE CASCADE,
  -- the taId handed to the browser when the WeChat user has no account yet (SHA-256; single use)
  ta_id_hash    text        UNIQUE,
  ta_expires_at timestamptz,
  ta_used_at    timestamptz,
  ip            text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  scanned_at    timestamptz,
  done_at       timestamptz
);
CREATE INDEX qr_tickets_created_idx ON qr_tickets (created_at);

-- Verification codes by e-mail (the bind panel's otype 2) share sms_codes: `phone` then holds the
-- lower-case address. Cooldown, daily caps, expiry and the 5-try limit are the same code path.
ALTER TABLE sms_codes ADD COLUMN channel text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'mail'));

-- Short-lived, single-use proofs inside the account centre (a verified old phone before a phone change).
CREATE TABLE account_tickets (
  id          bigserial PRIMARY KEY,
  user_id     bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose     text        NOT NULL CHECK (purpose IN ('phone_change')),
  ticket_hash text        NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX account_tickets_user_idx ON account_tickets (user_id, purpose);

-- The sandbox mail provider's outbox (ARCHITECTURE §7): every mail it would have sent.
CREATE TABLE mail_outbox (
  id          bigserial PRIMARY KEY,
  to_address  text        NOT NULL,
  subject     text        NOT NULL,
  body        text        NOT NULL,
  provider    text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, created_at DESC);

-- getUserInviteCode counts the users an account invited.
CREATE INDEX users_invited_by_idx ON users (invited_by) WHERE invited_by IS NOT NULL;
