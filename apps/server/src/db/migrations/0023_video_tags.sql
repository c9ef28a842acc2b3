-- The platform's own tags of a video (issue #13 item 3; docs/metrics.md "Hot content"): the channel and topic
-- tags its view/detail lists (`Tags` other than background music), written when the collector reads a video's
-- details (modules/ingestion/activity-ingestor.ts) and by the demo world. Hot topics count them beside the
-- title's #话题# / 【…】 tags and its segmented keywords. Not indexed: the topic aggregation reads the window's
-- rows anyway, and an index would stop the counter updates of the ingestor being HOT updates (0012).
ALTER TABLE videos ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
