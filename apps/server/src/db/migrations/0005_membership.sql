-- Membership and payment (spec §3, §4, §6, §7.2, §9): price options, orders, membership periods, notify log,
-- monthly quotas and the free enterprise-tier promotion. The account's current tier stays on `users`
-- (user_type, version_type, maturity_time, buy_month_num); `membership_periods` is its history.

-- Price options per level (1 初级版 … 4 高级企业版 = level option id + 1) and duration. Operators edit rows;
-- the seed below only fills what is missing.
CREATE TABLE price_options (
  id             serial       PRIMARY KEY,
  level          smallint     NOT NULL CHECK (level BETWEEN 1 AND 4),
  title          text         NOT NULL,
  month_num      smallint     NOT NULL CHECK (month_num > 0),
  price          numeric(10,2) NOT NULL CHECK (price > 0),
  original_price numeric(10,2) NOT NULL CHECK (original_price >= price),
  save_money     numeric(10,2) NOT NULL DEFAULT 0 CHECK (save_money >= 0),
  unit_price     numeric(10,2) NOT NULL CHECK (unit_price > 0),
  is_default     boolean      NOT NULL DEFAULT false,
  sort           smallint     NOT NULL DEFAULT 0,
  enabled        boolean      NOT NULL DEFAULT true,
  updated_at     timestamptz  NOT NULL DEFAULT now(),
  UNIQUE (level, month_num)
);

-- Defaults: monthly list prices per level; half-year at 80%, yearly at 60% of the monthly price (年付6折).
-- Index 0 of a level (sort 0) is the yearly plan, as the fallback month list [12, 6, 1] of §9.
INSERT INTO price_options (level, title, month_num, price, original_price, save_money, unit_price, is_default, sort)
SELECT l.level,
       d.title,
       d.month_num,
       round(l.monthly * d.month_num * d.factor, 2),
       l.monthly * d.month_num,
       l.monthly * d.month_num - round(l.monthly * d.month_num * d.factor, 2),
       round(l.monthly * d.factor, 2),
       d.month_num = 12,
       d.sort
FROM (VALUES (1, 99.00), (2, 299.00), (3, 999.00), (4, 2499.00)) AS l(level, monthly)
CROSS JOIN (VALUES (12, '年度会员', 0.6, 0), (6, '半年会员', 0.8, 1), (1, '月度会员', 1.0, 2)) AS d(month_num, title, factor, sort)
ORDER BY l.level, d.sort
ON CONFLICT (level, month_num) DO NOTHING;

-- Payment orders. Amounts in fen (integer). kind is what the purchase meant when the order was made;
-- status moves created → paid | closed | failed (a verified payment of a closed order still becomes paid).
CREATE TABLE payment_orders (
  id              bigserial   PRIMARY KEY,
  order_no        text        NOT NULL UNIQUE,
  user_id         bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind            text        NOT NULL CHECK (kind IN ('new', 'renew', 'upgrade')),
  request_type    smallint    NOT NULL CHECK (request_type IN (1, 2)),
  level           smallint    NOT NULL CHECK (level BETWEEN 1 AND 4),
  month_num       smallint    NOT NULL CHECK (month_num > 0),
  price_option_id integer     REFERENCES price_options(id) ON DELETE SET NULL,
  price_fen       integer     NOT NULL CHECK (price_fen > 0),
  credit_fen      integer     NOT NULL DEFAULT 0 CHECK (credit_fen >= 0),
  amount_fen      integer     NOT NULL CHECK (amount_fen >= 1),
  pay_type        smallint    NOT NULL CHECK (pay_type IN (1, 2)),
  provider        text        NOT NULL CHECK (provider IN ('alipay', 'wechatpay', 'sandbox')),
  status          text        NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'closed', 'failed')),
  code_url        text,
  trade_no        text,
  fail_reason     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  paid_at         timestamptz,
  closed_at       timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, created_at DESC);
CREATE INDEX payment_orders_open_idx ON payment_orders (expires_at) WHERE status = 'created';

-- Every notify received, verified or not (operations and audits).
CREATE TABLE payment_notifies (
  id          bigserial   PRIMARY KEY,
  provider    text        NOT NULL,
  order_no    text,
  outcome     text        NOT NULL,
  detail      text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifies_order_idx ON payment_notifies (order_no, created_at);

-- Membership history: one row per grant. An order grants at most one period (order_id UNIQUE).
CREATE TABLE membership_periods (
  id           bigserial   PRIMARY KEY,
  user_id      bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  level        smallint    NOT NULL CHECK (level BETWEEN 1 AND 4),
  version_type smallint    NOT NULL DEFAULT 1,
  start_at     timestamptz NOT NULL,
  end_at       timestamptz NOT NULL CHECK (end_at > start_at),
  source       text        NOT NULL CHECK (source IN ('order', 'trial', 'admin')),
  order_id     bigint      UNIQUE REFERENCES payment_orders(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX membership_periods_user_idx ON membership_periods (user_id, end_at DESC);
CREATE INDEX users_maturity_idx ON users (maturity_time) WHERE user_type > 0;

-- Monthly allowances per tier (contrast reports; export rows), and usage per team (a sub-account counts on
-- its parent) and Asia/Shanghai month (`month` = its first day).
CREATE TABLE quota_rules (
  kind          text     NOT NULL CHECK (kind IN ('contrast', 'export')),
  user_type     smallint NOT NULL CHECK (user_type BETWEEN 0 AND 4),
  monthly_total integer  NOT NULL CHECK (monthly_total >= 0),
  PRIMARY KEY (kind, user_type)
);
INSERT INTO quota_rules (kind, user_type, monthly_total) VALUES
  ('contrast', 0, 0), ('contrast', 1, 10), ('contrast', 2, 30), ('contrast', 3, 100), ('contrast', 4, 300),
  ('export', 0, 0), ('export', 1, 0), ('export', 2, 0), ('export', 3, 5000), ('export', 4, 20000)
ON CONFLICT (kind, user_type) DO NOTHING;

CREATE TABLE quota_usage (
  owner_id   bigint      NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind       text        NOT NULL CHECK (kind IN ('contrast', 'export')),
  month      date        NOT NULL,
  used       integer     NOT NULL DEFAULT 0 CHECK (used >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, kind, month)
);

-- Free enterprise-tier promotion: one application per account.
CREATE TABLE free_vip_applications (
  id           bigserial   PRIMARY KEY,
  user_id      bigint      NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  company      text        NOT NULL,
  contact_name text        NOT NULL,
  phone        text        NOT NULL,
  position     text        NOT NULL,
  needs        text,
  status       text        NOT NULL CHECK (status IN ('granted', 'pending', 'rejected')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz
);
CREATE INDEX free_vip_pending_idx ON free_vip_applications (created_at) WHERE status = 'pending';
