-- Activities and video materials (issue #6: hotActivity, activityDetail, videoStuff; docs/metrics.md).
--
-- Sources (docs/data-sources.md): a video's `mission_id` (x/web-interface/view, view/detail and the archive
-- objects of popular/ranking lists), the activity's page `x/activity/subject/info?sid=<mission_id>` (name, dates,
-- link), and the background music of view/detail `Tags` entries with `tag_type: 'bgm'` and a `music_id`.

-- The activity a video takes part in (null: none, or not known from the responses read so far).
ALTER TABLE videos ADD COLUMN mission_id bigint;
CREATE INDEX videos_mission_idx ON videos (mission_id, pubdate DESC) WHERE mission_id IS NOT NULL;

-- One row per activity id seen on a video; name and dates once its page was read (info_at).
CREATE TABLE activities (
  id          bigint PRIMARY KEY,                  -- the platform's activity id (mission_id = sid)
  name        text,                                 -- null until x/activity/subject/info was read
  act_url     text        NOT NULL DEFAULT '',
  cover       text        NOT NULL DEFAULT '',
  description text        NOT NULL DEFAULT '',
  starts_at   timestamptz,
  ends_at     timestamptz,
  info_at     timestamptz,                          -- when the page was last read; null = still to read
  info_missing smallint   NOT NULL DEFAULT 0,       -- 1 when the platform answered "not found"
  first_seen  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activities_to_read_idx ON activities (first_seen) WHERE info_at IS NULL;

-- Materials used in videos: background music (kind 'bgm', ext_id = the platform's music_id).
CREATE TABLE materials (
  id         bigserial PRIMARY KEY,
  kind       text        NOT NULL CHECK (kind IN ('bgm')),
  ext_id     text        NOT NULL,
  name       text        NOT NULL,                  -- 曲名, from the tag 发现《曲名》
  tag_name   text        NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, ext_id)
);

CREATE TABLE video_materials (
  video_id    bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  material_id bigint NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, material_id)
);
CREATE INDEX video_materials_material_idx ON video_materials (material_id, video_id);

-- Videos whose view/detail (mission id and tags) has been read: the collector reads each video once.
CREATE TABLE video_detail_reads (
  video_id bigint      PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  read_at  timestamptz NOT NULL
);
