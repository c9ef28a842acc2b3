-- The payee account of 对公转账 (issue #27): a user who chooses bank transfer in the payment dialog gets an open
-- order (provider bank, pay_type 3) and this account; finance confirms the money in the console.
ALTER TABLE content_settings DROP CONSTRAINT content_settings_key_check;
ALTER TABLE content_settings ADD CONSTRAINT content_settings_key_check
  CHECK (key IN ('customerService', 'serveWarn', 'prize', 'accessRecords', 'landing', 'branding', 'bankAccount'));
