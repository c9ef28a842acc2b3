-- Hardening (issue #14 part B).
--
-- 1. One open order per account, held by the database: confirmPay closes the account's open orders and
--    inserts the new one in a transaction under a per-account advisory lock, and this index makes a second
--    open order impossible even for a code path that forgets the lock. Open orders left over from before
--    (parallel confirmPay calls could leave several) are closed first, newest kept; a payment that still
--    arrives for a closed order is granted by the notify as before (status closed → paid), so no money is lost.
UPDATE payment_orders o
   SET status = 'closed', closed_at = now(), updated_at = now(), fail_reason = 'superseded'
 WHERE o.status = 'created'
   AND EXISTS (SELECT 1 FROM payment_orders n
                WHERE n.user_id = o.user_id AND n.status = 'created'
                  AND (n.created_at, n.id) > (o.created_at, o.id));
CREATE UNIQUE INDEX payment_orders_one_open_idx ON payment_orders (user_id) WHERE status = 'created';

-- 2. Sign-in failures count per account as well as per (account, IP): account_key is 'user:<id>' for an
--    existing account (so its phone and its e-mail count together) and the login key itself for a name
--    without an account (which then behaves exactly like one, so the answers reveal nothing).
ALTER TABLE login_failures ADD COLUMN account_key text;
UPDATE login_failures SET account_key = login_key WHERE account_key IS NULL;
ALTER TABLE login_failures ALTER COLUMN account_key SET NOT NULL;
CREATE INDEX login_failures_account_idx ON login_failures (account_key, created_at DESC);
