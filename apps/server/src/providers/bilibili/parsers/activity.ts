/**
 * `x/activity/subject/info?sid=<mission_id>`: an activity (投稿活动) page — name, dates, link, cover and
 * description. The sid is a video's `mission_id` (view, view/detail, popular and ranking archives).
 */
import { z } from 'zod';
import type { ActivityRecord } from '../records.js';
import { absoluteUrl, num, optNum, str } from './common.js';

const ActivityInfoData = z.object({
  id: num,
  name: z.string(),
  act_url: str,
  cover: str,
  dic: str,
  stime: optNum,
  etime: optNum,
});

const time = (t: number | null): number | null => (t !== null && t > 0 ? t : null);

export function parseActivityInfo(data: unknown): ActivityRecord {
  const d = ActivityInfoData.parse(data);
  return {
    id: d.id,
    name: d.name.trim(),
    actUrl: d.act_url,
    cover: d.cover === '' ? '' : absoluteUrl(d.cover),
    description: d.dic,
    stime: time(d.stime),
    etime: time(d.etime),
  };
}
