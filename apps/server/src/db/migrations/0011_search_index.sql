-- The in-memory creator search index (modules/creators/search-index.ts) reads the creators written since its
-- snapshot by updated_at.
CREATE INDEX creators_updated_at_idx ON creators (updated_at);
