/** §7.7's calls (issue #27): content reports, help, feedback, QR codes, usage records, pkData, prize, popups. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentMsg, type HelpAnswer, type NewsItem, type PopupLayout } from '@xg/shared';
import { createEmptyTestApp, createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember } from '../membership/test-members.js';
import { contentServiceOf } from './content.routes.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function insertNews(title: string, status: 'draft' | 'published', publishAt: string, category = '行业报告') {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO news_contents (title, summary, category, body_md, status, publish_at)
    VALUES (${title}, '摘要', ${category}, '## 正文', ${status}, ${publishAt}::timestamptz) RETURNING id`.execute(
    t.ctx.db,
  );
  return Number(rows[0]!.id);
}

describe('content reports', () => {
  it('lists published reports only (not drafts, not scheduled), with categories, search and paging', async () => {
    const draft = await insertNews('草稿报告X1', 'draft', '2020-01-01');
    const future = await insertNews('定时报告X1', 'published', '2999-01-01');
    const pub = await insertNews('已发布报告X1', 'published', '2026-01-01', '测试分类');
    const res = await t.call('GET', '/api/newsContentInfoList', { pageNo: 1, pageSize: 50 });
    expect(res.status).toBe(200);
    const list = res.body.list as NewsItem[];
    const ids = list.map((n) => n.id);
    expect(ids).toContain(pub);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(future);
    expect(res.body.categories).toContain('测试分类');
    const search = await t.call('GET', '/api/newsContentInfoList', { keyword: '已发布报告x1' });
    expect((search.body.list as NewsItem[]).map((n) => n.id)).toEqual([pub]);
    const cat = await t.call('GET', '/api/newsContentInfoList', { category: '测试分类' });
    expect(cat.body.total).toBe(1);
    const page2 = await t.call('GET', '/api/newsContentInfoList', { pageNo: 2, pageSize: 1 });
    expect((page2.body.list as NewsItem[]).length).toBe(1);
    expect(page2.body.total).toBe(res.body.total);
    const far = await t.call('GET', '/api/newsContentInfoList', { pageNo: 99, pageSize: 1 });
    expect(far.body.list).toEqual([]);
    expect(far.body.total).toBe(res.body.total);
  });

  it('answers a published detail with its body and related reports, counts the view; a draft is missing', async () => {
    const pub = await insertNews('详情报告X2', 'published', '2026-02-01');
    const res = await t.call('GET', '/api/newsContentInfoDetail', { id: pub });
    expect(res.body.code).toBe(200);
    const detail = res.body.detail as NewsItem & { bodyMd: string };
    expect(detail).toMatchObject({ id: pub, title: '详情报告X2', bodyMd: '## 正文', views: 1 });
    expect((res.body.related as NewsItem[]).map((n) => n.id)).not.toContain(pub);
    const draft = await insertNews('草稿X2', 'draft', '2020-01-01');
    const missing = await t.call('GET', '/api/newsContentInfoDetail', { id: draft });
    expect(missing.body).toMatchObject({ code: -1, message: ContentMsg.newsMissing });
    const bad = await t.call('GET', '/api/newsContentInfoDetail', { id: 'x' });
    expect(bad.body.message).toBe(ContentMsg.newsIdInvalid);
  });
});

describe('help', () => {
  it('answers the categories of each audience and their answers; recommended functions without an id', async () => {
    const types = await t.call('GET', '/api/getAnswersTypes', { type: 1 });
    const list = types.body.answersTypes as { id: number; dataName: string }[];
    expect(list.map((x) => x.dataName)).toEqual(['新手入门', '找UP主', '投放与对比', '会员与账号']);
    const answers = await t.call('GET', '/api/getAnswers', { type: 1, id: list[0]!.id });
    const items = answers.body.answers as HelpAnswer[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.typeId === list[0]!.id)).toBe(true);
    expect(items.map((a) => a.answersType).sort()).toEqual([1, 2]);
    const recommended = await t.call('GET', '/api/getAnswers', { type: 2 });
    const rec = recommended.body.answers as HelpAnswer[];
    expect(rec.length).toBeGreaterThan(0);
    expect(rec.every((a) => a.isRecommendFunction === 1 && a.menus.length > 0)).toBe(true);
    // another audience's category answers nothing
    const cross = await t.call('GET', '/api/getAnswers', { type: 2, id: list[0]!.id });
    expect(cross.body.answers).toEqual([]);
    expect((await t.call('GET', '/api/getAnswersTypes', { type: 3 })).body.message).toBe(ContentMsg.audienceInvalid);
  });
});

describe('POST /api/feedback', () => {
  it('needs one of the first two answers (§5) and a valid contact; changes nothing on bad input', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM feedbacks`.execute(t.ctx.db);
    const empty = await t.call('POST', '/api/feedback', { content: '  ', content2: '', contact: '' });
    expect(empty.body).toMatchObject({ code: -1, message: '请填写信息后再提交！' });
    const badContact = await t.call('POST', '/api/feedback', { content: '建议', contact: 'abc' });
    expect(badContact.body.message).toBe(ContentMsg.feedbackContactInvalid);
    const control = await t.call('POST', '/api/feedback', { content: 'a\u0000b' });
    expect(control.body.code).toBe(-1);
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM feedbacks`.execute(t.ctx.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('takes a visitor’s feedback and a user’s; the user sees the operator’s reply', async () => {
    const visitor = await t.call('POST', '/api/feedback', { content: '访客建议', contact: '13800001111' });
    expect(visitor.body).toMatchObject({ code: 200, message: ContentMsg.feedbackSent });
    const member = await createMember(t.ctx);
    const sent = await t.call('POST', '/api/feedback', { content2: '希望增加抖音数据' }, { token: member.token });
    expect(sent.body.code).toBe(200);
    await sql`UPDATE feedbacks SET reply = '已记录，谢谢', replied_at = now() WHERE id = ${sent.body.id}`.execute(
      t.ctx.db,
    );
    const mine = await t.call('GET', '/api/user/myFeedback', {}, { token: member.token });
    expect(mine.body.list).toEqual([expect.objectContaining({ content2: '希望增加抖音数据', reply: '已记录，谢谢' })]);
    expect((await t.call('GET', '/api/user/myFeedback')).status).toBe(401);
    const other = await createMember(t.ctx);
    expect((await t.call('GET', '/api/user/myFeedback', {}, { token: other.token })).body.list).toEqual([]);
  });

  it('limits one sender to 5 in 10 minutes', async () => {
    const member = await createMember(t.ctx);
    for (let i = 0; i < 5; i += 1)
      expect((await t.call('POST', '/api/feedback', { content: `第${i}条` }, { token: member.token })).body.code).toBe(
        200,
      );
    const sixth = await t.call('POST', '/api/feedback', { content: '第6条' }, { token: member.token });
    expect(sixth.body.message).toBe(ContentMsg.feedbackTooOften);
  });
});

describe('QR codes, serve-warn, popups, tutorial videos', () => {
  it('draws a QR when no image is uploaded, uses the uploaded one otherwise; siteConfig carries them', async () => {
    const res = await t.call('GET', '/api/getCustomerServiceQRCode');
    const qrList = res.body.qrList as { name: string; imgUrl: string }[];
    expect(qrList[0]!.imgUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    await contentServiceOf(t.ctx).repo.saveSetting('customerService', {
      qrs: [{ name: '客服A', imgUrl: '/uploads/a.png', text: '' }],
      publicAccount: { name: '公众号', imgUrl: '/uploads/b.png', text: '' },
    });
    await contentServiceOf(t.ctx).repo.saveSetting('serveWarn', { enabled: true, title: '维护', text: '今晚维护' });
    contentServiceOf(t.ctx).clearSiteCache();
    const again = await t.call('GET', '/api/getCustomerServiceQRCode');
    expect(again.body).toMatchObject({
      qrList: [{ name: '客服A', imgUrl: '/uploads/a.png' }],
      publicAccount: { imgUrl: '/uploads/b.png' },
    });
    const site = await t.call('GET', '/api/siteConfig');
    expect(site.body.site).toMatchObject({
      customerServiceQrUrl: '/uploads/a.png',
      publicAccountQrUrl: '/uploads/b.png',
      activityState: 1,
      serveWarnText: '今晚维护',
    });
    expect((await t.call('GET', '/api/serveWarn')).body.serveWarn).toMatchObject({ enabled: true });
  });

  it('answers a popup as base64 JSON with its actions; a missing or disabled one fails', async () => {
    const res = await t.call('GET', '/api/popupContent', { id: 1 });
    const layout = JSON.parse(Buffer.from(res.body.content as string, 'base64').toString('utf8')) as PopupLayout;
    expect(layout.blocks.map((b) => b.action?.type).filter(Boolean)).toEqual(['nav', 'closeModal']);
    expect((await t.call('GET', '/api/popupContent', { id: 999 })).body.message).toBe(ContentMsg.popupMissing);
  });

  it('records a play of a known tutorial video and marks it played for the user', async () => {
    await sql`INSERT INTO tutorial_videos (name, url, must_watch) VALUES ('测试教程', '/v.mp4', true)`.execute(
      t.ctx.db,
    );
    const member = await createMember(t.ctx);
    expect((await t.call('POST', '/api/savePlayCount', { videoName: '不存在' })).body.code).toBe(-1);
    expect(
      (await t.call('POST', '/api/savePlayCount', { videoName: '测试教程' }, { token: member.token })).body.code,
    ).toBe(200);
    const videos = await t.call('GET', '/api/tutorialVideos', {}, { token: member.token });
    expect(videos.body.videos).toEqual([expect.objectContaining({ name: '测试教程', played: true, mustWatch: true })]);
  });
});

describe('usage records', () => {
  it('batches access records into the table, answers at once, prunes by the retention setting', async () => {
    const member = await createMember(t.ctx);
    for (let i = 0; i < 3; i += 1) {
      const res = await t.call(
        'POST',
        '/api/saveUserAccessRecord',
        { page: '/search/upRank', index: String(i), timeInterval: 1200, saveFlag: 1, tab: '粉丝榜', button: '' },
        { token: member.token },
      );
      expect(res.body.code).toBe(200);
    }
    expect((await t.call('POST', '/api/saveUserAccessRecord', { page: '' })).body.message).toBe(ContentMsg.pageInvalid);
    const service = contentServiceOf(t.ctx);
    await service.accessRecords.flush();
    const rows = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM access_records WHERE user_id = ${member.id}`.execute(t.ctx.db);
    expect(rows.rows[0]!.n).toBe('3');
    await sql`UPDATE access_records SET created_at = now() - interval '10 days' WHERE user_id = ${member.id}`.execute(
      t.ctx.db,
    );
    await service.repo.saveSetting('accessRecords', { retentionDays: 30 });
    expect(await service.pruneAccessRecords()).toBe(0);
    await service.repo.saveSetting('accessRecords', { retentionDays: 5 });
    expect(await service.pruneAccessRecords()).toBeGreaterThanOrEqual(3);
  });

  it('saveRequirementClick records a click with or without a user', async () => {
    expect((await t.call('POST', '/api/user/saveRequirementClick', { page: '/marketDataCus' })).body.code).toBe(200);
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM requirement_clicks WHERE page = '/marketDataCus'`.execute(t.ctx.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});

describe('prize after registration', () => {
  it('grants the configured trial once per new free account; not to old, paying or sub accounts', async () => {
    await contentServiceOf(t.ctx).repo.saveSetting('prize', {
      enabled: true,
      kind: 'trial',
      level: 2,
      days: 3,
      title: '新用户福利',
      text: '3天专业版',
    });
    const fresh = await createMember(t.ctx);
    const offer = await t.call('GET', '/api/user/prize', {}, { token: fresh.token });
    expect(offer.body).toMatchObject({ prize: { level: 2, days: 3 }, granted: false });
    const [a, b] = await Promise.all([
      t.call('POST', '/api/user/receivePrize', {}, { token: fresh.token }),
      t.call('POST', '/api/user/receivePrize', {}, { token: fresh.token }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([-1, 200]);
    const user = await t.ctx.db
      .selectFrom('users')
      .select(['user_type', 'version_type'])
      .where('id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ user_type: 2, version_type: 2 });
    const again = await t.call('POST', '/api/user/receivePrize', {}, { token: fresh.token });
    expect(again.body.message).toBe(ContentMsg.prizeAlready);
    expect((await t.call('GET', '/api/user/prize', {}, { token: fresh.token })).body).toMatchObject({
      prize: null,
      granted: true,
    });
    const paying = await createMember(t.ctx, { userType: 3 });
    expect((await t.call('POST', '/api/user/receivePrize', {}, { token: paying.token })).body.message).toBe(
      ContentMsg.prizeNone,
    );
    const old = await createMember(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ created_at: new Date('2025-01-01') })
      .where('id', '=', old.id)
      .execute();
    expect((await t.call('GET', '/api/user/prize', {}, { token: old.token })).body.prize).toBeNull();
    expect((await t.call('POST', '/api/user/receivePrize')).status).toBe(401);
  });
});

describe('POST /api/index (pkData)', () => {
  it('answers the counts and the week’s two biggest gains', async () => {
    const res = await t.call('POST', '/api/index');
    const pk = res.body.pkData as { creatorCount: number; pk: { weekGain: number }[]; day: string | null };
    expect(pk.creatorCount).toBeGreaterThan(0);
    expect(pk.day).not.toBeNull();
    expect(pk.pk.length).toBe(2);
    expect(pk.pk[0]!.weekGain).toBeGreaterThanOrEqual(pk.pk[1]!.weekGain);
  });

  it('works on an empty database (SEED_DEMO=false): reference content, no ranking yet', async () => {
    const empty = await createEmptyTestApp();
    try {
      const res = await empty.call('POST', '/api/index');
      expect(res.body.pkData).toEqual({ day: null, creatorCount: 0, videoCount: 0, pk: [] });
      const news = await empty.call('GET', '/api/newsContentInfoList');
      expect((news.body.list as NewsItem[]).length).toBeGreaterThan(0);
      expect((await empty.call('GET', '/api/getAnswersTypes', { type: 2 })).body.answersTypes).toHaveLength(3);
    } finally {
      await empty.close();
    }
  });
});

describe('GET /api/landingContent', () => {
  it('answers the landing texts and the top 10 of the week’s fan gains', async () => {
    const res = await t.call('GET', '/api/landingContent');
    expect(res.body.landing).toMatchObject({ marketDataCus: { title: '营销数据服务' } });
    const rank = res.body.rank as { weekGain: number }[];
    expect(rank.length).toBe(10);
    expect(rank[0]!.weekGain).toBeGreaterThanOrEqual(rank[9]!.weekGain);
  });
});
