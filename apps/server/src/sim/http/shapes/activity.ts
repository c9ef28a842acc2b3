/**
 * Activities (投稿活动) and background music of the simulated world: the same catalogue and per-video
 * assignment as the database's demo world (db/seed/world/materials.ts), so a video's `mission_id`, its bgm tag
 * and `x/activity/subject/info` agree with the seeded rows.
 */
import {
  materialWorld,
  videoMaterial,
  type ActivitySpec,
  type VideoMaterial,
} from '../../../db/seed/world/materials.js';
import type { SimVideo } from '../../world/video-model.js';
import type { SimWorld } from '../../world/world.js';
import { unixSeconds } from './common.js';

export function materialsOf(world: SimWorld, v: SimVideo): VideoMaterial {
  return videoMaterial(materialWorld(world.seed, world.plan.today), world.seed, {
    aid: v.aid,
    pubMs: v.pubMs,
    topTid: v.topTid,
    isActivity: v.isActivity,
  });
}

export function activityById(world: SimWorld, sid: number): ActivitySpec | undefined {
  return materialWorld(world.seed, world.plan.today).activities.find((a) => a.id === sid);
}

/** x/activity/subject/info → data (the documented field set). */
export function activityInfo(a: ActivitySpec) {
  const stime = unixSeconds(a.startMs);
  const etime = unixSeconds(a.endMs);
  return {
    id: a.id,
    oid: 0,
    type: 13,
    state: 1,
    stime,
    etime,
    ctime: stime - 2 * 86_400,
    mtime: stime,
    name: a.name,
    act_url: a.actUrl,
    lstime: stime,
    letime: etime,
    cover: a.cover,
    dic: a.description,
    h5_cover: a.cover,
    android_url: a.actUrl.replace('.html', 'H5.html'),
    ios_url: a.actUrl.replace('.html', 'H5.html'),
    child_sids: '',
    calendar: '',
  };
}
