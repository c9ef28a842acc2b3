import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isVerticalDimension } from '@xg/shared';
import {
  bgmOfTag,
  DanmakuXmlError,
  Envelope,
  liveTimeSeconds,
  parseActivityInfo,
  parseArchiveStat,
  parseArcSearch,
  parseDanmakuXml,
  parseLiveRoomInfo,
  parseLiveRoomInit,
  parseLiveStatusByUids,
  parseNavNum,
  parseNavWbiKeys,
  parsePageList,
  parsePopular,
  parseRanking,
  parseRelationStat,
  parseReplyCount,
  parseReplyMain,
  parseReplyPage,
  parseReplyReplies,
  parseSearchAll,
  parseSearchUsers,
  parseSearchVideos,
  parseSpaceInfo,
  parseSpiBuvid,
  parseUpStat,
  parseUserCard,
  parseVideoView,
  parseVideoViewDetail,
  parseWeekly,
} from './index.js';
import { durationSeconds, ipLocation, officialTypeOf, sexFromText, stripHighlight } from './common.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/bilibili');
const used = new Set<string>();

function text(file: string): string {
  used.add(file);
  return fs.readFileSync(path.join(FIXTURES, file), 'utf8');
}

/** The `data` of a sample's envelope (code 0 asserted). */
function data(file: string): unknown {
  const env = Envelope.parse(JSON.parse(text(file)));
  expect(env.code).toBe(0);
  return env.data;
}

describe('creator parsers', () => {
  it('user card → CreatorRecord', () => {
    expect(parseUserCard(data('user_card.json'))).toEqual({
      mid: 2,
      name: '碧诗',
      face: 'http://i2.hdslb.com/bfs/face/ef0457addb24141e15dfac6fbf45293ccf1e32ab.jpg',
      sign: 'kami.im 直男过气网红 # av362830 “We Are Star Dust”',
      level: 6,
      sex: 1,
      officialType: 1, // role 2 (bilibili创始人), type 0 → personal
      officialTitle: 'bilibili创始人（站长）',
      fans: 969999,
      following: 234,
      likes: 3547978,
      plays: null,
      videoCount: 37,
      liveRoomId: null,
      isLive: null,
    });
  });

  it('space info → profile with live room', () => {
    const c = parseSpaceInfo(data('user_space_acc_info.json'));
    expect(c).toMatchObject({
      mid: 2,
      name: '碧诗',
      sex: 1,
      level: 6,
      officialType: 1,
      liveRoomId: 1024,
      isLive: false,
    });
    expect(c.fans).toBeNull();
  });

  it('relation stat, upstat, navnum', () => {
    expect(parseRelationStat(data('user_relation_stat.json'))).toEqual({ mid: 332704117, fans: 919515, following: 32 });
    expect(parseUpStat(data('user_upstat.json'))).toEqual({ plays: 213567370, articleViews: 3230808, likes: 20295095 });
    expect(parseUpStat({})).toEqual({ plays: null, articleViews: null, likes: null });
    expect(parseNavNum(data('user_navnum.json'))).toEqual({ videos: 34, articles: 1, albums: 59, audios: 0 });
  });

  it('maps sex and verification', () => {
    expect([sexFromText('女'), sexFromText('男'), sexFromText('保密'), sexFromText('')]).toEqual([0, 1, 2, 2]);
    expect(officialTypeOf(-1, 0)).toBe(0);
    expect(officialTypeOf(0, 1)).toBe(1);
    expect(officialTypeOf(1, 3)).toBe(2);
    expect(officialTypeOf(null, 5)).toBe(2);
    expect(officialTypeOf(null, 7)).toBe(1);
  });
});

describe('video parsers', () => {
  it('view → VideoRecord with stats, activity and pages', () => {
    const { video, pages } = parseVideoView(data('video_view.json'));
    expect(video).toEqual({
      aid: 85440373,
      bvid: 'BV117411r7R1',
      owner: {
        mid: 66606350,
        name: '陈楒潼桶桶桶',
        face: 'https://i2.hdslb.com/bfs/face/c9af3b32cf74baec5a4b65af8ca18ae5ff571f77.jpg',
      },
      title: '当我给拜年祭的快板加了电音配乐…',
      cover: 'http://i1.hdslb.com/bfs/archive/ea0dd34bf41e23a68175680a00e3358cd249105f.jpg',
      desc: expect.stringContaining('【CB想说的】'),
      duration: 486,
      pubdate: 1580377255,
      tid: 28,
      tname: '原创音乐',
      copyright: 1,
      isActivity: true,
      missionId: 11838,
      state: 0,
      status: 0,
      cid: 146044693,
      vertical: false,
      stats: { view: 2404179, danmaku: 12348, reply: 2676, favorite: 58329, coin: 72793, share: 9620, like: 161270 },
      listStats: { vv: null, nowRank: 0, hisRank: 55 },
    });
    expect(pages).toEqual([
      { cid: 146044693, page: 1, part: '建议改成：建议改成：诸 神 的 电 音 节（不是）', duration: 486 },
    ]);
  });

  it('view/detail → video, pages, the owner card and tags', () => {
    const d = parseVideoViewDetail(data('video_view_detail.json'));
    expect(d.video).toMatchObject({ aid: 170001, bvid: 'BV17x411w7KC', tid: 193, copyright: 2, isActivity: false });
    expect(d.video.stats.view).toBe(45252521);
    expect(d.pages).toHaveLength(10);
    expect(d.owner).toMatchObject({
      mid: 122541,
      name: '冰封.虾子',
      sex: 2,
      officialType: 0,
      fans: 64052,
      likes: 1048712,
      videoCount: 382,
    });
    expect(d.tags).toContain('保加利亚妖王');
    // the first tag is the background music: tag_type 'bgm', tag_id 0, a music_id
    expect(d.bgms).toEqual([
      {
        musicId: 'MA407124762800730394',
        name: 'Hop',
        tagName: '发现《Hop》',
        jumpUrl: expect.stringContaining('music_id=MA407124762800730394'),
      },
    ]);
    expect(d.video.missionId).toBeNull();
  });

  it('bgm tags: only tag_type bgm with a music id; the title inside 《》', () => {
    expect(bgmOfTag({ tag_name: '发现《夏夜 汽水》', tag_type: 'bgm', music_id: 'MA1', jump_url: '' })).toMatchObject({
      name: '夏夜 汽水',
      musicId: 'MA1',
    });
    expect(bgmOfTag({ tag_name: 'Lo-fi', tag_type: 'bgm', music_id: 'MA2' })).toMatchObject({ name: 'Lo-fi' });
    expect(bgmOfTag({ tag_name: '发现《Hop》', tag_type: 'bgm', music_id: '' })).toBeNull();
    expect(bgmOfTag({ tag_name: '保加利亚', tag_type: 'old_channel', music_id: '' })).toBeNull();
  });

  it('the vertical mark from `dimension` (issue #26): popular and weekly samples, rotate swaps, absent is null', () => {
    expect(parsePopular(data('popular.json'), 0).items.map((r) => r.video.vertical)).toEqual([true, true]);
    expect(
      parseWeekly(data('popular_series_one.json'))
        .items.map((r) => r.video.vertical)
        .slice(0, 6),
    ).toEqual([false, true, false, false, false, false]);
    expect(isVerticalDimension({ width: 1920, height: 1080, rotate: 1 })).toBe(true);
    expect(isVerticalDimension({ width: 1080, height: 1920, rotate: 1 })).toBe(false);
    expect(isVerticalDimension({ width: 0, height: 0, rotate: 0 })).toBeNull();
    expect(isVerticalDimension(null)).toBeNull();
    // a creator's video list carries no dimension: unknown, never "horizontal"
    expect(parseArcSearch(data('user_arc_search.json')).videos[0]?.vertical ?? null).toBeNull();
  });

  it('mission ids of the list archives (popular, ranking)', () => {
    const p = parsePopular(data('popular.json'), 0);
    const ids = p.items.map((r) => r.video.missionId).filter((m) => m !== null);
    expect(ids).toContain(4016856);
    for (const r of p.items) expect(r.video.isActivity).toBe(r.video.missionId !== null);
    const rank = parseRanking(data('ranking_v2.json'));
    expect(rank.items.filter((r) => r.video.missionId === 1074046).length).toBe(6);
  });

  it('activity page (x/activity/subject/info, the documented fields)', () => {
    // No saved sample: an answer with the field set of bilibili-API-collect docs/activity/info.md, own values.
    const a = parseActivityInfo({
      id: 4010123,
      oid: 0,
      type: 13,
      state: 1,
      stime: 1751299200,
      etime: 1754582399,
      ctime: 1751200000,
      mtime: 1751300000,
      name: ' 夏日美食挑战赛 ',
      act_url: 'https://www.bilibili.com/blackboard/era/abc.html',
      lstime: 1751299200,
      letime: 1754582399,
      cover: '//i0.hdslb.com/bfs/activity-plat/static/x.jpg',
      dic: '晒出你的夏日限定美食',
      h5_cover: '',
      android_url: '',
      ios_url: '',
      child_sids: '',
      calendar: '',
    });
    expect(a).toEqual({
      id: 4010123,
      name: '夏日美食挑战赛',
      actUrl: 'https://www.bilibili.com/blackboard/era/abc.html',
      cover: 'https://i0.hdslb.com/bfs/activity-plat/static/x.jpg',
      description: '晒出你的夏日限定美食',
      stime: 1751299200,
      etime: 1754582399,
    });
    expect(parseActivityInfo({ id: '5', name: 'x', stime: 0 })).toMatchObject({ id: 5, stime: null, etime: null });
  });

  it('pagelist', () => {
    const pages = parsePageList(data('video_pagelist.json'));
    expect(pages.map((p) => p.cid)).toEqual([66445301, 35039663, 35039678, 35039693]);
    expect(pages[3]).toEqual({ cid: 35039693, page: 4, part: '03. 火柴人与动画师 III', duration: 503 });
  });

  it("a creator's video list (arc search): durations from mm:ss, counters it lacks are null", () => {
    const { videos, page } = parseArcSearch(data('user_arc_search.json'));
    expect(page).toEqual({ pn: 1, ps: 42, count: 786 });
    expect(videos).toHaveLength(2);
    expect(videos[0]).toMatchObject({
      aid: 114375683741573,
      bvid: 'BV1ac5yzhE94',
      owner: { mid: 946974, name: '影视飓风', face: null },
      duration: 22 * 60 + 11,
      pubdate: 1745290800,
      tid: 250,
      copyright: 1,
      isActivity: null,
      stats: { view: 224185, danmaku: 2365, reply: 985, favorite: null, coin: null, share: null, like: null },
    });
  });

  it('archive stat (dead endpoints, shape reference)', () => {
    expect(parseArchiveStat(data('video_archive_stat.json'))).toEqual({
      aid: 2271112,
      bvid: 'BV1es411D7sW',
      stats: {
        view: 26408224,
        danmaku: 161919,
        reply: 52825,
        favorite: 892560,
        coin: 599649,
        share: 240573,
        like: 628592,
      },
    });
    expect(parseArchiveStat(data('video_archive_stat_legacy.json'))).toMatchObject({ aid: 91572143, bvid: null });
  });

  it('durations', () => {
    expect(durationSeconds('58:6')).toBe(3486);
    expect(durationSeconds('1:02:03')).toBe(3723);
    expect(durationSeconds(90)).toBe(90);
  });
});

describe('list parsers', () => {
  it('popular → ranking records with positions continuing across pages', () => {
    const p1 = parsePopular(data('popular.json'));
    expect(p1.noMore).toBe(false);
    expect(p1.items.map((r) => [r.position, r.video.aid, r.reason])).toEqual([
      [1, 1356452135, '百万播放'],
      [2, 1906472398, '6万点赞'],
    ]);
    expect(p1.items[1]?.video).toMatchObject({
      tid: 221,
      tname: '野生动物',
      isActivity: true,
      owner: { mid: 14309659 },
    });
    expect(p1.items[0]?.video.isActivity).toBe(false);
    const p3 = parsePopular(data('popular.json'), 40);
    expect(p3.items.map((r) => r.position)).toEqual([41, 42]);
  });

  it('popular items keep owner.follower, stat.vv, now_rank and his_rank (hand-built fixture)', () => {
    const p = parsePopular(data('popular_follower.json'));
    expect(p.items.map((r) => [r.video.owner.mid, r.video.owner.fans ?? null, r.video.tid])).toEqual([
      [1339110285, 1523467, 250],
      [14309659, 86021, 221],
      [1850091, null, 257],
      [1850092, 4321, 9999],
    ]);
    expect(p.items[0]?.video.listStats).toEqual({ vv: 2465053, nowRank: 0, hisRank: 2 });
    expect(p.items[2]?.video.listStats).toEqual({ vv: 120034, nowRank: 3, hisRank: 3 });
    // the shared sample has no follower: the owner record says nothing about fans
    expect('fans' in (parsePopular(data('popular.json')).items[0]?.video.owner ?? {})).toBe(false);
  });

  it('ranking v2 → 14 records with score', () => {
    const r = parseRanking(data('ranking_v2.json'));
    expect(r.note).toContain('综合展示');
    expect(r.items).toHaveLength(14);
    expect(r.items[0]).toMatchObject({ list: 'ranking', position: 1, score: 0, video: { aid: 517751921, tid: 253 } });
    expect(r.items[13]?.position).toBe(14);
    expect(new Set(r.items.map((i) => i.video.aid)).size).toBe(14);
  });

  it('weekly (每周必看)', () => {
    const w = parseWeekly(data('popular_series_one.json'));
    expect(w.number).toBe(3);
    expect(w.items).toHaveLength(13);
    expect(w.items[0]).toMatchObject({ list: 'weekly', position: 1, video: { aid: 48918074 } });
    expect(w.items[0]?.reason).toContain('黑洞');
  });
});

describe('comment parsers', () => {
  it('x/v2/reply → comments with sex', () => {
    const p = parseReplyPage(data('reply_list.json'));
    expect(p.page).toEqual({ num: 1, size: 5, count: 60971, acount: 76792 });
    expect(p.comments).toHaveLength(5);
    expect(p.comments[0]).toMatchObject({
      rpid: 104192624480,
      oid: 2,
      mid: 621197713,
      uname: '小鹿不跑路',
      sex: 2,
      root: 0,
    });
    expect(p.comments[3]?.sex).toBe(1);
    expect(p.comments[0]?.ipLocation).toBeNull();
  });

  it('reply/wbi/main → IP location and the next cursor', () => {
    const p = parseReplyMain(data('reply_wbi_main.json'));
    expect(p.isEnd).toBe(false);
    expect(p.nextOffset).toBe('{"type":3,"direction":1,"Data":{"cursor":71859}}');
    expect(p.allCount).toBe(86234);
    expect(p.comments.map((c) => c.ipLocation)).toEqual(['河北', '陕西']);
    expect(p.comments[0]).toMatchObject({ rpid: 237740291920, message: '好多20年和18年的[辣眼睛]', ctime: 1723639342 });
  });

  it('reply/reply → root and sub-replies', () => {
    const p = parseReplyReplies(data('reply_reply.json'));
    expect(p.root).toMatchObject({ rpid: 3030790837, replyCount: 230, like: 8018 });
    expect(p.comments).toHaveLength(5);
    expect(p.comments.every((c) => c.root === 3030790837)).toBe(true);
  });

  it('a root comment carries its inline sub-replies (those under another root and unreadable ones are left out)', () => {
    const sample = data('reply_reply.json') as { root: Record<string, unknown>; replies: Record<string, unknown>[] };
    const [a, b] = sample.replies;
    const root = {
      ...sample.root,
      root: 0,
      parent: 0,
      replies: [a, { ...b, root: 42 }, { rpid: 'broken' }],
    };
    const p = parseReplyMain({ cursor: { is_end: true }, replies: [root] });
    expect(p.comments[0]?.inlineReplies?.map((c) => c.rpid)).toEqual([a?.rpid]);
    expect(p.comments[0]?.inlineReplies?.[0]).toMatchObject({ root: 3030790837, parent: 3030790837 });
    expect(parseReplyReplies(data('reply_reply.json')).comments[0]?.inlineReplies).toBeUndefined();
  });

  it('reply count, IP location text', () => {
    expect(parseReplyCount(data('reply_count.json'))).toBe(65521);
    expect(ipLocation('IP属地：广东')).toBe('广东');
    expect(ipLocation('')).toBeNull();
  });
});

describe('danmaku XML', () => {
  it('parses every <d> element', () => {
    const list = parseDanmakuXml(text('danmaku_xml_list.xml'));
    expect(list).toHaveLength(15);
    expect(list[0]).toEqual({
      progressMs: 490191,
      mode: 1,
      fontSize: 25,
      color: 16777215,
      ctime: 1584268892,
      pool: 0,
      midHash: 'a16fe0dd',
      dmid: '29950852386521095',
      weight: null,
      text: '从结尾回来看这里，更感动了！',
    });
    expect(list[14]?.text).toBe('折跃门准备完毕');
  });

  it('decodes entities and rejects truncated documents', () => {
    const xml = '<?xml version="1.0"?><i><d p="1.5,1,25,1,2,0,ab,99,7">a &lt;b&gt; &amp; &#x4e2d;</d></i>';
    expect(parseDanmakuXml(xml)).toEqual([
      expect.objectContaining({ progressMs: 1500, weight: 7, text: 'a <b> & 中' }),
    ]);
    expect(() => parseDanmakuXml('<i><d p="1,1,25,1,2,0,ab,99">x</d>')).toThrow(DanmakuXmlError);
  });
});

describe('live parsers', () => {
  it('get_info', () => {
    expect(parseLiveRoomInfo(data('live_room_get_info.json'))).toMatchObject({
      uid: 9617619,
      roomId: 5440,
      shortId: 1,
      liveStatus: 2,
      isLive: false,
      online: 0,
      attention: 11919499,
      title: '快乐运动研究社',
      areaName: '视频聊天',
      parentAreaName: '娱乐',
      liveStartedAt: null,
    });
  });

  it('status by uids', () => {
    const rooms = parseLiveStatusByUids(data('live_status_info_by_uids.json'));
    expect(rooms).toEqual([
      expect.objectContaining({
        uid: 672328094,
        roomId: 22637261,
        liveStatus: 2,
        isLive: false,
        online: 4087370,
        uname: '嘉然今天吃什么',
      }),
    ]);
    expect(parseLiveStatusByUids([])).toEqual([]);
  });

  it('room_init', () => {
    expect(parseLiveRoomInit(data('live_room_init.json'))).toEqual({
      roomId: 14073662,
      shortId: 76,
      uid: 50333369,
      liveStatus: 1,
      liveStartedAt: 1602151186,
    });
  });

  it('live time strings are Asia/Shanghai', () => {
    expect(liveTimeSeconds('2026-11-01 08:00:00')).toBe(Date.parse('2026-11-01T00:00:00Z') / 1000);
    expect(liveTimeSeconds('0000-00-00 00:00:00')).toBeNull();
  });
});

describe('search parsers', () => {
  it('search/type video: highlights stripped, https pictures', () => {
    const p = parseSearchVideos(data('search_type.json'));
    expect(p).toMatchObject({ page: 1, pageSize: 20, numResults: 1000, numPages: 50 });
    expect(p.items).toHaveLength(20);
    expect(p.items[0]).toMatchObject({
      aid: 243082173,
      title: '梦然-《少年》官方版',
      cover: 'https://i0.hdslb.com/bfs/archive/e25120857a6298d1d4b9e64a805c023b5143c8ff.jpg',
      owner: { mid: 178932626, name: '大橘爱吃猫' },
      tid: 193,
      duration: 258,
      stats: { view: 1037655, danmaku: 2616, favorite: 27341, reply: 1265 },
    });
  });

  it('search/all/v2: users and videos', () => {
    const all = parseSearchAll(data('search_all_v2.json'));
    expect(all.users).toEqual([
      {
        mid: 36081646,
        name: '洛天依',
        face: 'https://i2.hdslb.com/bfs/face/cc96d1d6bf76f8198263f9083921997ab3a80d8b.jpg',
        sign: expect.stringContaining('Vsinger'),
        fans: 1982688,
        videos: 45,
        level: 6,
        sex: 0,
        officialType: 1,
        officialTitle: '洛天依官方账号',
        isLive: false,
        liveRoomId: 1546736,
      },
    ]);
    expect(all.videos.map((v) => v.aid)).toContain(753839250);
    expect(all.videos[0]?.title).toBe('【洛天依】2020.7.12洛天依生日会');
    // the same user entry through search/type?search_type=bili_user
    const users = parseSearchUsers({
      page: 1,
      pagesize: 20,
      numResults: 1,
      numPages: 1,
      result: [JSON.parse(JSON.stringify(searchAllUser()))],
    });
    expect(users.items[0]?.mid).toBe(36081646);
    expect(stripHighlight('<em class="keyword">少年</em> &amp; 你')).toBe('少年 & 你');
  });
});

function searchAllUser(): unknown {
  const body = JSON.parse(text('search_all_v2.json')) as {
    data: { result: { result_type: string; data: unknown[] }[] };
  };
  return body.data.result.find((r) => r.result_type === 'bili_user')?.data[0];
}

describe('nav (WBI keys) and spi (buvid3)', () => {
  it('the logged-out sample carries only a voucher → no keys', () => {
    expect(parseNavWbiKeys(data('wbi_nav_keys.json'))).toBeNull();
  });

  it('keys from wbi_img URLs', () => {
    expect(
      parseNavWbiKeys({
        wbi_img: {
          img_url: 'https://i0.hdslb.com/bfs/wbi/7cd084941338484aae1ad9425b84077c.png',
          sub_url: 'https://i0.hdslb.com/bfs/wbi/4932caff0ff746eab6f01bf08b70ac45.png',
        },
      }),
    ).toEqual({ imgKey: '7cd084941338484aae1ad9425b84077c', subKey: '4932caff0ff746eab6f01bf08b70ac45' });
    expect(parseSpiBuvid({ b_3: 'ABC-infoc', b_4: 'x' })).toBe('ABC-infoc');
  });
});

describe('fixtures', () => {
  it('every sample in the fixtures folder is parsed by a test above', () => {
    const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json') || f.endsWith('.xml'));
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(files.filter((f) => !used.has(f))).toEqual([]);
  });
});
