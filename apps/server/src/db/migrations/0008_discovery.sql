-- Discovery (issue #6): indexes for the creator search filters and sorts, suggestions, and title search.

-- Creator sorts other than fans (creators_fans_idx exists): walk the index in order and stop at the page.
CREATE INDEX creators_index_num_idx ON creators (index_num DESC, id);
CREATE INDEX creators_plays_idx ON creators (plays DESC, id);
-- Filters that are selective enough to lead a plan; the others (level, sex, approve) filter a fans-ordered walk.
CREATE INDEX creators_mcn_fans_idx ON creators (mcn_id, fans DESC) WHERE mcn_id IS NOT NULL;
CREATE INDEX creators_live_fans_idx ON creators (fans DESC, id) WHERE is_live = 1;
CREATE INDEX creators_approved_fans_idx ON creators (official_type, fans DESC) WHERE official_type > 0;
-- Exact name matches (first in a keyword search) and prefix suggestions.
CREATE INDEX creators_lower_name_idx ON creators (lower(name) text_pattern_ops);

-- Video title search: the same two-index plan as creator names (0001): unigrams/bigrams for 1–2
-- character queries, which pg_trgm cannot index, and pg_trgm for 3+.
ALTER TABLE videos ADD COLUMN title_grams text[] GENERATED ALWAYS AS (text_grams(title)) STORED;
CREATE INDEX videos_title_grams_idx ON videos USING gin (title_grams);
CREATE INDEX videos_title_trgm_idx ON videos USING gin (title gin_trgm_ops);
-- Partition lists of videos (hot content, content search with tid) and plays order.
CREATE INDEX videos_tid_pubdate_idx ON videos (tid, pubdate DESC);
CREATE INDEX videos_creator_play_idx ON videos (creator_id, play DESC);
CREATE INDEX videos_play_idx ON videos (play DESC, id);

-- Derived figures (0007): the growth sort of searchKol, searchBusinessSort and the price/audience filters.
CREATE INDEX creator_metrics_growth_idx ON creator_metrics (fans_change_30 DESC NULLS LAST, creator_id);
CREATE INDEX creator_metrics_business_idx ON creator_metrics (business_value DESC, creator_id);
CREATE INDEX creator_metrics_price_idx ON creator_metrics (video_price);
