-- What a snapshot says besides its counters, as a hash (issue #3, ingestion at 1M creators; docs/pipeline.md
-- "Ingestion", docs/performance.md "Ingestion rate").
--
-- A snapshot of a creator or a video mostly moves counters; its text (name, face, sign / title, cover, description …)
-- is what was stored the last time. Sending and parsing that text for every snapshot cost more than writing the
-- counters (a video's text columns ≈ 12 µs of the ≈ 35 µs a video row took). The ingestor stores a hash of the
-- record's other fields, as it last applied them, and sends only the key, the hash and the counters; a row whose
-- stored hash differs (or is NULL) takes the full path, which compares and writes every column and sets the hash.
--
-- Rule for every other writer of these columns: set the hash to NULL (samples.ts does, for the live flag and a
-- deleted video's status), so the next snapshot takes the full path. A NULL hash is never wrong, only slower once.
ALTER TABLE creators ADD COLUMN profile_hash bigint;
ALTER TABLE videos ADD COLUMN meta_hash bigint;
