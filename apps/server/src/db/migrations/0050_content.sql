-- Public content, help, feedback and usage records (issue #27; spec §1, §2.1, §2.6, §2.8, §3, §4, §5, §7.7).
-- Everything the public site and the help drawer show lives here and is edited by the operator console; the rows
-- inserted below are the reference content a new deployment starts with (also on SEED_DEMO=false).
-- docs/api/content.md.

-- Site settings edited by the console, one JSON value per key (customer service, serve-warn, prize, retention).
CREATE TABLE content_settings (
  key        text        PRIMARY KEY CHECK (key IN ('customerService', 'serveWarn', 'prize', 'accessRecords', 'landing')),
  value      jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Content reports (内容报告 / classroom): Markdown body, draft or published, optionally scheduled.
CREATE TABLE news_contents (
  id          bigserial   PRIMARY KEY,
  title       text        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  summary     text        NOT NULL DEFAULT '' CHECK (char_length(summary) <= 300),
  category    text        NOT NULL DEFAULT '行业报告' CHECK (char_length(category) BETWEEN 1 AND 20),
  cover_url   text        NOT NULL DEFAULT '',
  body_md     text        NOT NULL DEFAULT '' CHECK (char_length(body_md) <= 100000),
  status      text        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  -- a published report is public from this moment (a future time schedules it)
  publish_at  timestamptz,
  views       bigint      NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_contents_public_idx ON news_contents (publish_at DESC, id DESC) WHERE status = 'published';

-- Help: answer categories by audience (1 brand / agency, 2 MCN / creator) and their answers.
CREATE TABLE answer_types (
  id         serial   PRIMARY KEY,
  audience   smallint NOT NULL CHECK (audience IN (1, 2)),
  data_name  text     NOT NULL CHECK (char_length(data_name) BETWEEN 1 AND 20),
  sort       integer  NOT NULL DEFAULT 0
);
CREATE TABLE answers (
  id                    serial   PRIMARY KEY,
  type_id               integer  NOT NULL REFERENCES answer_types(id) ON DELETE CASCADE,
  title                 text     NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  answers               text     NOT NULL DEFAULT '' CHECK (char_length(answers) <= 20000),
  introduce             text     NOT NULL DEFAULT '' CHECK (char_length(introduce) <= 300),
  -- 1 shown inline, 2 opened in the detail sub-drawer
  answers_type          smallint NOT NULL DEFAULT 1 CHECK (answers_type IN (1, 2)),
  is_recommend_function boolean  NOT NULL DEFAULT false,
  -- [{ name, url, type }]: links into the app (type 1 in-app route, 2 new tab)
  menus                 jsonb    NOT NULL DEFAULT '[]',
  sort                  integer  NOT NULL DEFAULT 0
);
CREATE INDEX answers_type_idx ON answers (type_id, sort, id);

-- Feedback (§3: content, content2, contact) and the operator's reply, which the user sees.
CREATE TABLE feedbacks (
  id          bigserial   PRIMARY KEY,
  user_id     bigint      REFERENCES users(id) ON DELETE SET NULL,
  content     text        NOT NULL DEFAULT '' CHECK (char_length(content) <= 500),
  content2    text        NOT NULL DEFAULT '' CHECK (char_length(content2) <= 500),
  contact     text        NOT NULL DEFAULT '' CHECK (char_length(contact) <= 100),
  reply       text        CHECK (reply IS NULL OR char_length(reply) <= 1000),
  replied_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (content <> '' OR content2 <> '')
);
CREATE INDEX feedbacks_user_idx ON feedbacks (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX feedbacks_open_idx ON feedbacks (created_at DESC) WHERE reply IS NULL;

-- Custom popups fetched by id: an encoded JSON layout whose click actions are closeModal, nav or open.
CREATE TABLE popups (
  id         serial      PRIMARY KEY,
  name       text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  layout     jsonb       NOT NULL,
  enabled    boolean     NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Tutorial videos (the must-watch player) and their plays.
CREATE TABLE tutorial_videos (
  id         serial   PRIMARY KEY,
  name       text     NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 50),
  url        text     NOT NULL,
  poster_url text     NOT NULL DEFAULT '',
  must_watch boolean  NOT NULL DEFAULT false,
  sort       integer  NOT NULL DEFAULT 0
);
CREATE TABLE video_plays (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      REFERENCES users(id) ON DELETE CASCADE,
  video_name text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_plays_user_idx ON video_plays (user_id, video_name);

-- Clicks on the value-added-service pages (saveRequirementClick) and usage records (saveUserAccessRecord).
CREATE TABLE requirement_clicks (
  id         bigserial   PRIMARY KEY,
  user_id    bigint      REFERENCES users(id) ON DELETE SET NULL,
  page       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE access_records (
  id            bigserial   PRIMARY KEY,
  user_id       bigint      REFERENCES users(id) ON DELETE SET NULL,
  page          text        NOT NULL,
  idx           text        NOT NULL DEFAULT '',
  time_interval integer     NOT NULL DEFAULT 0,
  save_flag     smallint    NOT NULL DEFAULT 0,
  tab           text        NOT NULL DEFAULT '',
  button        text        NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_records_created_idx ON access_records USING brin (created_at);

-- The prize after registration: one row per account, so it can be granted once.
CREATE TABLE prize_grants (
  user_id    bigint      PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  prize      jsonb       NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- Reference content -------------------------------------------------------------------------------------------
INSERT INTO content_settings (key, value) VALUES
  -- a QR shows imgUrl (an uploaded image) or, when that is empty, a QR the server draws of text (empty text: the
  -- company phone as tel:, for the public account the site's home page)
  ('customerService', '{"qrs":[{"name":"客服微信","imgUrl":"","text":""}],"publicAccount":{"name":"公众号","imgUrl":"","text":""}}'),
  ('serveWarn', '{"enabled":false,"title":"服务提示","text":"平台正在进行服务升级，部分数据可能延迟更新，功能使用可能受到短暂影响。给您带来的不便，敬请谅解。"}'),
  ('prize', '{"enabled":true,"kind":"trial","level":2,"days":3,"title":"新用户福利","text":"注册即送3天专业版会员体验"}'),
  ('accessRecords', '{"retentionDays":90}'),
  ('landing', '{"marketDataCus":{"title":"营销数据服务","intro":"定制B站营销数据报告：行业投放复盘、竞品UP主投放监测、品牌声量与舆情分析。留下联系方式，顾问将在1个工作日内联系您。"},"customPage":{"title":"视频推广账号涨粉","intro":"为视频号制定涨粉方案：选题诊断、同类UP主对标、投放组合建议。留下联系方式，顾问将为您评估账号并给出方案。"}}');

INSERT INTO answer_types (id, audience, data_name, sort) VALUES
  (1, 1, '新手入门', 1), (2, 1, '找UP主', 2), (3, 1, '投放与对比', 3), (4, 1, '会员与账号', 4),
  (5, 2, '新手入门', 1), (6, 2, '涨粉分析', 2), (7, 2, '会员与账号', 3);
SELECT setval('answer_types_id_seq', 7);

INSERT INTO answers (type_id, title, answers, introduce, answers_type, is_recommend_function, menus, sort) VALUES
  (1, '如何快速找到合适的UP主？', '在「UP主搜索」输入UP主名称或UID即可查找；也可以在排行榜按分区浏览粉丝榜、商业榜，点击名称进入UP主详情查看粉丝趋势与画像。', '搜索与排行榜', 1, true, '[{"name":"UP主搜索","url":"/search/upSearch","type":1},{"name":"UP主排行榜","url":"/search/upRank","type":1}]', 1),
  (1, '什么是云指数？', '云指数综合UP主近期的粉丝增长、播放与互动表现，按分区归一到0–1000，用于横向比较同分区UP主的近期活跃度与影响力。计算口径见数据说明。', '指标说明', 2, false, '[]', 2),
  (2, '如何收藏UP主并分组管理？', '在UP主详情或列表中点击收藏，收藏后可在「我的收藏」中建立自定义分组、调整排序并开启监测。', '收藏与分组', 1, true, '[{"name":"我的收藏","url":"/collect/upCollect","type":1}]', 1),
  (3, '对比报告怎么生成？', '在列表中勾选2至5位UP主加入对比，点击右侧「对比」打开对比栏，再点击生成报告即可；每月可生成的次数由会员等级决定。', '对比报告', 1, true, '[{"name":"UP主排行榜","url":"/search/upRank","type":1}]', 1),
  (4, '如何升级或续费会员？', '进入「会员中心」选择版本与时长后扫码支付即可；企业客户也可以选择对公银行转账，到账后由客服为您开通。子账号需先解除绑定才能升级续费。', '会员中心', 1, true, '[{"name":"会员中心","url":"/member","type":1}]', 1),
  (4, '如何添加子账号？', '企业版及以上会员可在「个人中心」的子账号管理中邀请同事加入，子账号与主账号共享收藏与对比报告。', '子账号', 2, false, '[{"name":"个人中心","url":"/account","type":1}]', 2),
  (5, '如何查看自己频道的数据？', '在「UP主搜索」输入您的UID，进入详情页即可看到粉丝、播放、点赞的增量与总量走势，以及粉丝画像。', '我的数据', 1, true, '[{"name":"UP主搜索","url":"/search/upSearch","type":1}]', 1),
  (6, '如何找到同类UP主做对标？', '在UP主详情页的「相似UP主」中查看同分区、同量级的创作者，结合涨粉榜观察他们近期的爆款视频。', '对标分析', 1, true, '[{"name":"UP主排行榜","url":"/search/upRank","type":1}]', 1),
  (6, '涨掉粉榜是怎么计算的？', '涨掉粉榜按统计周期内粉丝数的变化排序：周期末与周期初两次采集的粉丝数之差；缺少采集的日子不插值。', '榜单口径', 2, false, '[]', 2),
  (7, '忘记密码怎么办？', '在登录页点击「忘记密码」，通过手机短信验证码重设密码即可。', '账号安全', 1, false, '[]', 1);

INSERT INTO popups (id, name, layout) VALUES
  (1, '新功能介绍', '{"title":"对比报告上线","blocks":[{"type":"text","text":"2至5位UP主同屏对比基础数据、互动数据与粉丝画像。"},{"type":"button","text":"去看看","action":{"type":"nav","url":"/search/upRank"}},{"type":"button","text":"关闭","action":{"type":"closeModal"}}]}');
SELECT setval('popups_id_seq', 1);

INSERT INTO news_contents (title, summary, category, body_md, status, publish_at) VALUES
  ('如何用数据挑选B站投放UP主', '从粉丝质量、互动率与内容调性三个维度，建立可复用的UP主筛选清单。', '投放指南',
   E'## 为什么要用数据选UP主\n\n投放预算有限，选对UP主比多投更重要。本文给出一份可复用的筛选清单。\n\n## 三个维度\n\n1. **粉丝质量**：看近30天的涨粉曲线是否平稳，突增突降都需要复核。\n2. **互动率**：点赞、投币、收藏与播放之比，反映内容对粉丝的触达。\n3. **内容调性**：近期视频的选题与品牌是否契合。\n\n## 在平台上怎么做\n\n- 用排行榜按分区找到候选；\n- 在UP主详情看趋势与画像；\n- 把候选加入对比，生成对比报告。\n',
   'published', now() - interval '2 days'),
  ('UP主涨粉的五个常见节点', '新人期、破圈期、稳定期……不同阶段的UP主，涨粉节奏与运营重点各不相同。', '运营干货',
   E'## 涨粉节奏\n\n观察大量UP主的粉丝曲线，可以发现一些共同节点。\n\n- 新人期：单条爆款带来阶梯式增长；\n- 破圈期：跨分区选题带来新的受众；\n- 稳定期：更新频率决定增长斜率。\n\n> 提示：在涨掉粉榜里可以直接看到本周增长最快的UP主。\n',
   'published', now() - interval '1 day');
