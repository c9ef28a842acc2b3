-- Real data end to end (issue #12; docs/metrics.md "Gaps", docs/pipeline.md "Real-data mode").
-- 1. The partition tree is reference data in every mode (not only the demo seed): both levels of the platform's
--    classic tids, including the children added since 2022 (257 配音, 259–261 影视, 262–264 娱乐, 265–267 音乐).
--    Existing rows are left as they are (an operator or the demo seed may have named them).
-- 2. Unknown tids met during ingestion are recorded per video (unknown_partition_videos) and summed per tid
--    (view unknown_partitions, shown in pipeline health); the rollup moves a video to its tid once the tree has it.
-- 3. creators.platform_totals: whether the platform's own totals (plays, likes, video count) were ever collected;
--    without them the rollup derives them from the stored videos.
-- 4. Daily increments exist only between consecutive days (a gap is a gap, not a spike).
-- 5. rankings: delta may be NULL (nothing to compare with), value_day / base_day say which snapshots were used.

-- 1. Partition tree ---------------------------------------------------------------------------------------
INSERT INTO partitions (tid, parent_id, name, sort) VALUES
  (1, NULL, '动画', 1),
  (13, NULL, '番剧', 2),
  (167, NULL, '国创', 3),
  (3, NULL, '音乐', 4),
  (129, NULL, '舞蹈', 5),
  (4, NULL, '游戏', 6),
  (36, NULL, '知识', 7),
  (188, NULL, '科技', 8),
  (234, NULL, '运动', 9),
  (223, NULL, '汽车', 10),
  (160, NULL, '生活', 11),
  (211, NULL, '美食', 12),
  (217, NULL, '动物圈', 13),
  (119, NULL, '鬼畜', 14),
  (155, NULL, '时尚', 15),
  (202, NULL, '资讯', 16),
  (5, NULL, '娱乐', 17),
  (181, NULL, '影视', 18),
  (177, NULL, '纪录片', 19),
  (23, NULL, '电影', 20),
  (11, NULL, '电视剧', 21)
ON CONFLICT (tid) DO NOTHING;

INSERT INTO partitions (tid, parent_id, name, sort) VALUES
  (24, 1, 'MAD·AMV', 1),
  (25, 1, 'MMD·3D', 2),
  (47, 1, '短片·手书·配音', 3),
  (210, 1, '手办·模玩', 4),
  (86, 1, '特摄', 5),
  (253, 1, '动漫杂谈', 6),
  (27, 1, '综合', 7),
  (257, 1, '配音', 8),
  (33, 13, '连载动画', 1),
  (32, 13, '完结动画', 2),
  (51, 13, '资讯', 3),
  (152, 13, '官方延伸', 4),
  (153, 167, '国产动画', 1),
  (168, 167, '国产原创相关', 2),
  (169, 167, '布袋戏', 3),
  (195, 167, '动态漫·广播剧', 4),
  (170, 167, '资讯', 5),
  (28, 3, '原创音乐', 1),
  (31, 3, '翻唱', 2),
  (30, 3, 'VOCALOID·UTAU', 3),
  (59, 3, '演奏', 4),
  (193, 3, 'MV', 5),
  (29, 3, '音乐现场', 6),
  (130, 3, '音乐综合', 7),
  (243, 3, '乐评盘点', 8),
  (244, 3, '音乐教学', 9),
  (265, 3, 'AI音乐', 10),
  (266, 3, '音乐粉丝饭拍', 11),
  (267, 3, '电台', 12),
  (20, 129, '宅舞', 1),
  (198, 129, '街舞', 2),
  (199, 129, '明星舞蹈', 3),
  (200, 129, '国风舞蹈', 4),
  (255, 129, '手势·网红舞', 5),
  (154, 129, '舞蹈综合', 6),
  (156, 129, '舞蹈教程', 7),
  (17, 4, '单机游戏', 1),
  (171, 4, '电子竞技', 2),
  (172, 4, '手机游戏', 3),
  (65, 4, '网络游戏', 4),
  (173, 4, '桌游棋牌', 5),
  (121, 4, 'GMV', 6),
  (136, 4, '音游', 7),
  (19, 4, 'Mugen', 8),
  (201, 36, '科学科普', 1),
  (124, 36, '社科·法律·心理', 2),
  (228, 36, '人文历史', 3),
  (207, 36, '财经商业', 4),
  (208, 36, '校园学习', 5),
  (209, 36, '职业职场', 6),
  (229, 36, '设计·创意', 7),
  (122, 36, '野生技能协会', 8),
  (95, 188, '数码', 1),
  (230, 188, '软件应用', 2),
  (231, 188, '计算机技术', 3),
  (232, 188, '科工机械', 4),
  (233, 188, '极客DIY', 5),
  (235, 234, '篮球', 1),
  (249, 234, '足球', 2),
  (164, 234, '健身', 3),
  (236, 234, '竞技体育', 4),
  (237, 234, '运动文化', 5),
  (238, 234, '运动综合', 6),
  (258, 223, '汽车知识科普', 1),
  (245, 223, '赛车', 2),
  (246, 223, '改装玩车', 3),
  (247, 223, '新能源车', 4),
  (248, 223, '房车', 5),
  (240, 223, '摩托车', 6),
  (227, 223, '购车攻略', 7),
  (176, 223, '汽车生活', 8),
  (138, 160, '搞笑', 1),
  (250, 160, '出行', 2),
  (251, 160, '三农', 3),
  (239, 160, '家居房产', 4),
  (161, 160, '手工', 5),
  (162, 160, '绘画', 6),
  (21, 160, '日常', 7),
  (254, 160, '亲子', 8),
  (76, 211, '美食制作', 1),
  (212, 211, '美食侦探', 2),
  (213, 211, '美食测评', 3),
  (214, 211, '田园美食', 4),
  (215, 211, '美食记录', 5),
  (218, 217, '喵星人', 1),
  (219, 217, '汪星人', 2),
  (220, 217, '动物二创', 3),
  (221, 217, '野生动物', 4),
  (222, 217, '小宠异宠', 5),
  (75, 217, '动物综合', 6),
  (22, 119, '鬼畜调教', 1),
  (26, 119, '音MAD', 2),
  (126, 119, '人力VOCALOID', 3),
  (216, 119, '鬼畜剧场', 4),
  (127, 119, '教程演示', 5),
  (157, 155, '美妆护肤', 1),
  (252, 155, '仿妆cos', 2),
  (158, 155, '穿搭', 3),
  (159, 155, '时尚潮流', 4),
  (203, 202, '热点', 1),
  (204, 202, '环球', 2),
  (205, 202, '社会', 3),
  (206, 202, '综合', 4),
  (71, 5, '综艺', 1),
  (241, 5, '娱乐杂谈', 2),
  (242, 5, '粉丝创作', 3),
  (137, 5, '明星综合', 4),
  (262, 5, 'CP安利', 5),
  (263, 5, '颜值安利', 6),
  (264, 5, '娱乐资讯', 7),
  (182, 181, '影视杂谈', 1),
  (183, 181, '影视剪辑', 2),
  (85, 181, '小剧场', 3),
  (184, 181, '预告·资讯', 4),
  (256, 181, '短片', 5),
  (259, 181, 'AI影像', 6),
  (260, 181, '影视整活', 7),
  (261, 181, '影视综合', 8),
  (37, 177, '人文·历史', 1),
  (178, 177, '科学·探索·自然', 2),
  (179, 177, '军事', 3),
  (180, 177, '社会·美食·旅行', 4),
  (147, 23, '华语电影', 1),
  (145, 23, '欧美电影', 2),
  (146, 23, '日本电影', 3),
  (83, 23, '其他国家', 4),
  (185, 11, '国产剧', 1),
  (187, 11, '海外剧', 2)
ON CONFLICT (tid) DO NOTHING;

-- 2. Unknown partitions -------------------------------------------------------------------------------------
CREATE TABLE unknown_partition_videos (
  aid   bigint  PRIMARY KEY,                 -- the video (videos.aid), stored with tid NULL meanwhile
  tid   integer NOT NULL,                    -- the tid the platform reported
  tname text,
  day   date    NOT NULL                     -- the last day it was met
);
CREATE INDEX unknown_partition_videos_tid_idx ON unknown_partition_videos (tid);

CREATE VIEW unknown_partitions AS
SELECT u.tid, max(u.tname) AS tname, count(*)::int AS videos, min(u.day) AS first_day, max(u.day) AS last_day
FROM unknown_partition_videos u
GROUP BY u.tid;

-- 3. Platform totals ----------------------------------------------------------------------------------------
ALTER TABLE creators ADD COLUMN platform_totals boolean NOT NULL DEFAULT true;
-- creators written only from video lists so far: no platform totals were ever collected
UPDATE creators SET platform_totals = false WHERE plays = 0 AND likes = 0 AND video_count = 0;

-- 4. Daily increments between consecutive days only --------------------------------------------------------
CREATE OR REPLACE VIEW creator_daily_inc AS
SELECT d.creator_id,
       d.day,
       lag(d.day) OVER w                       AS prev_day,
       d.fans,
       d.plays,
       d.likes,
       d.video_count,
       CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.fans - lag(d.fans) OVER w END               AS fans_inc,
       CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.plays - lag(d.plays) OVER w END             AS plays_inc,
       CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.likes - lag(d.likes) OVER w END             AS likes_inc,
       CASE WHEN lag(d.day) OVER w = d.day - 1 THEN d.video_count - lag(d.video_count) OVER w END AS video_count_inc
FROM creator_daily d
WINDOW w AS (PARTITION BY d.creator_id ORDER BY d.day);

CREATE OR REPLACE FUNCTION creator_increments(p_from date, p_to date)
RETURNS TABLE (
  creator_id bigint, day date, prev_day date, fans bigint, plays bigint, likes bigint, video_count integer,
  fans_inc bigint, plays_inc bigint, likes_inc bigint, video_count_inc integer
)
LANGUAGE sql STABLE AS $$
  SELECT c.id, i.day, i.prev_day, i.fans, i.plays, i.likes, i.video_count,
         CASE WHEN i.prev_day = i.day - 1 THEN i.fans_inc END,
         CASE WHEN i.prev_day = i.day - 1 THEN i.plays_inc END,
         CASE WHEN i.prev_day = i.day - 1 THEN i.likes_inc END,
         CASE WHEN i.prev_day = i.day - 1 THEN i.video_count_inc END
  FROM creators c
  CROSS JOIN LATERAL (
    SELECT x.day, x.fans, x.plays, x.likes, x.video_count,
           lag(x.day) OVER w                         AS prev_day,
           x.fans - lag(x.fans) OVER w               AS fans_inc,
           x.plays - lag(x.plays) OVER w             AS plays_inc,
           x.likes - lag(x.likes) OVER w             AS likes_inc,
           x.video_count - lag(x.video_count) OVER w AS video_count_inc
    FROM (
      (SELECT p.day, p.fans, p.plays, p.likes, p.video_count FROM creator_daily p
        WHERE p.creator_id = c.id AND p.day < p_from ORDER BY p.day DESC LIMIT 1)
      UNION ALL
      (SELECT d.day, d.fans, d.plays, d.likes, d.video_count FROM creator_daily d
        WHERE d.creator_id = c.id AND d.day BETWEEN p_from AND p_to)
    ) x
    WINDOW w AS (ORDER BY x.day)
  ) i
  WHERE i.day >= p_from
$$;

-- 5. Rankings: honest comparisons --------------------------------------------------------------------------
ALTER TABLE rankings ALTER COLUMN delta DROP NOT NULL;
ALTER TABLE rankings ADD COLUMN value_day date;   -- the day of the snapshot the value comes from
ALTER TABLE rankings ADD COLUMN base_day date;    -- the day of the snapshot the change starts from (change lists)
