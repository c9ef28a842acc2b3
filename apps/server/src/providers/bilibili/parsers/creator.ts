/**
 * Creator answers → CreatorRecord / counters: user card (`x/web-interface/card`), space info
 * (`x/space/wbi/acc/info`), relation stat, upstat, navnum. Each parser takes the envelope's `data`.
 */
import { z } from 'zod';
import type { CreatorRecord, NavNum, RelationStat, UpStat } from '../records.js';
import { Official, num, numOr, officialTypeOf, optNum, sexFromText, str } from './common.js';

const CardUser = z.object({
  mid: num,
  name: z.string(),
  sex: str,
  face: str,
  sign: str,
  fans: optNum,
  attention: optNum,
  level_info: z.object({ current_level: optNum }).nullish(),
  Official: Official.nullish(),
  official_verify: z.object({ type: optNum, desc: str }).nullish(),
});

export const UserCardData = z.object({
  card: CardUser,
  follower: optNum,
  archive_count: optNum,
  like_num: optNum,
});

function officialFields(
  official: z.infer<typeof Official> | null | undefined,
  verify: { type: number | null; desc: string } | null | undefined,
) {
  const type = official?.type ?? verify?.type ?? null;
  return {
    officialType: officialTypeOf(type, official?.role ?? null),
    officialTitle: official?.title || verify?.desc || '',
  };
}

/** `x/web-interface/card` (also `View/detail`'s `Card`). */
export function parseUserCard(data: unknown): CreatorRecord {
  const d = UserCardData.parse(data);
  const c = d.card;
  return {
    mid: c.mid,
    name: c.name,
    face: c.face,
    sign: c.sign,
    level: c.level_info?.current_level ?? null,
    sex: sexFromText(c.sex),
    ...officialFields(c.Official, c.official_verify),
    fans: d.follower ?? c.fans,
    following: c.attention,
    likes: d.like_num,
    plays: null,
    videoCount: d.archive_count,
    liveRoomId: null,
    isLive: null,
  };
}

const SpaceInfoData = z.object({
  mid: num,
  name: z.string(),
  sex: str,
  face: str,
  sign: str,
  level: optNum,
  official: Official.nullish(),
  live_room: z
    .object({
      roomid: optNum,
      liveStatus: optNum,
    })
    .nullish(),
});

/** `x/space/wbi/acc/info`: the profile, live room id and live flag; no counters. */
export function parseSpaceInfo(data: unknown): CreatorRecord {
  const d = SpaceInfoData.parse(data);
  const roomId = d.live_room?.roomid ?? null;
  return {
    mid: d.mid,
    name: d.name,
    face: d.face,
    sign: d.sign,
    level: d.level,
    sex: sexFromText(d.sex),
    ...officialFields(d.official, null),
    fans: null,
    following: null,
    likes: null,
    plays: null,
    videoCount: null,
    liveRoomId: roomId !== null && roomId > 0 ? roomId : null,
    isLive: d.live_room ? d.live_room.liveStatus === 1 : null,
  };
}

const RelationStatData = z.object({ mid: num, following: numOr(0), follower: numOr(0) });

export function parseRelationStat(data: unknown): RelationStat {
  const d = RelationStatData.parse(data);
  return { mid: d.mid, fans: d.follower, following: d.following };
}

const UpStatData = z
  .object({
    archive: z.object({ view: optNum }).nullish(),
    article: z.object({ view: optNum }).nullish(),
    likes: optNum,
  })
  .nullish();

/** `x/space/upstat`: without a logged-in cookie the platform answers `data: {}` → every field null. */
export function parseUpStat(data: unknown): UpStat {
  const d = UpStatData.parse(data);
  return { plays: d?.archive?.view ?? null, articleViews: d?.article?.view ?? null, likes: d?.likes ?? null };
}

const NavNumData = z.object({ video: numOr(0), article: numOr(0), album: numOr(0), audio: numOr(0) });

export function parseNavNum(data: unknown): NavNum {
  const d = NavNumData.parse(data);
  return { videos: d.video, articles: d.article, albums: d.album, audios: d.audio };
}
