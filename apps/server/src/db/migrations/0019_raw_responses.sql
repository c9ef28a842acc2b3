-- The raw store (issue #12): every platform response the importer reads is kept as it came, so a field the parsers
-- do not know yet is not dropped silently — a later parser can read it back. One row per distinct body and day
-- (md5 of the JSON text): importing the same files again adds nothing. docs/pipeline.md, "Raw store".
CREATE TABLE raw_responses (
  id          bigserial   PRIMARY KEY,
  kind        text        NOT NULL,              -- the importer's type: popular, ranking, weekly, card, view, detail
  day         date        NOT NULL,              -- the day the response was taken (--date)
  body        jsonb       NOT NULL,              -- the whole response, envelope included
  body_md5    text        NOT NULL,
  source      text        NOT NULL DEFAULT 'import',
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, day, body_md5)
);
CREATE INDEX raw_responses_day_idx ON raw_responses (day);
