import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, AttentionMsg, type AttentionListAnswer } from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
let kolId: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  // a creator with videos and a fan event
  const k = await sql<{ id: string }>`
    SELECT c.id FROM creators c WHERE EXISTS (SELECT 1 FROM videos v WHERE v.creator_id = c.id)
    ORDER BY c.fans DESC LIMIT 2`.execute(t.ctx.db);
  kolId = Number(k.rows[0]?.id);
  other = Number(k.rows[1]?.id);
});
afterAll(async () => {
  await t.close();
});

const call = (m: TestMember, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token: m.token });
const list = async (m: TestMember) =>
  (await call(m, 'GET', '/api/attention/list')).body as unknown as AttentionListAnswer;

describe('upAttention (attention/list, attention/markSeen)', () => {
  it('lists only monitored creators with changes since the last look; markSeen moves the baseline per user', async () => {
    const parent = await createMember(t.ctx, { userType: 2 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: parent.id });
    expect(await list(parent)).toMatchObject({ code: ApiCode.OK, attentions: [], lastSeenAt: null, monitorCount: 0 });

    for (const id of [kolId, other]) await call(parent, 'POST', '/api/user/addLinkKol', { type: 1, kolId: id });
    await call(parent, 'GET', '/api/user/setOpenMonitor', { kolId, isOpen: 1 });
    const first = await list(parent);
    expect(first.attentions.map((a) => a.kolId)).toEqual([kolId]);
    expect(first.attentions[0]).toMatchObject({ seenAt: null, isCollect: 1, fansSince: expect.any(Number) });

    // a new video and more fans after the look
    expect((await call(parent, 'POST', '/api/attention/markSeen')).body).toEqual({
      code: ApiCode.OK,
      message: AttentionMsg.marked,
    });
    const seen = await list(parent);
    expect(seen.lastSeenAt).not.toBeNull();
    expect(seen.attentions[0]).toMatchObject({
      fansSince: 0,
      newVideoNum: 0,
      newVideos: [],
      seenAt: expect.any(String),
    });
    await sql`UPDATE creators SET fans = fans + 1234 WHERE id = ${kolId}`.execute(t.ctx.db);
    await sql`INSERT INTO videos (aid, bvid, creator_id, title, pubdate)
      VALUES (999000111, 'BV1attention1', ${kolId}, '看完再说的新视频', now())`.execute(t.ctx.db);
    const after = (await list(parent)).attentions[0];
    expect(after).toMatchObject({ fansSince: 1234, newVideoNum: 1 });
    expect(after?.newVideos[0]).toMatchObject({ title: '看完再说的新视频' });

    // the sub-account shares the monitored creators but has its own baseline (never looked: 7 days)
    const subView = await list(sub);
    expect(subView.attentions.map((a) => a.kolId)).toEqual([kolId]);
    expect(subView.attentions[0]?.seenAt).toBeNull();
    expect(subView.lastSeenAt).toBeNull();
  });
});
