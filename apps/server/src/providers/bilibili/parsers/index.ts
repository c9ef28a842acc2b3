/** Every parser of the platform's answers (each takes the envelope's `data`, or the body for XML). */
export { Envelope, envelopeMessage } from './common.js';
export { parseNavNum, parseRelationStat, parseSpaceInfo, parseUpStat, parseUserCard } from './creator.js';
export { parseActivityInfo } from './activity.js';
export {
  bgmOfTag,
  parseArchiveStat,
  parseArcSearch,
  parsePageList,
  parseVideoView,
  parseVideoViewDetail,
  statusOfState,
  type CreatorVideoPage,
  type VideoView,
  type VideoViewDetail,
  type GoodsCardRecord,
} from './video.js';
export {
  parsePopular,
  parseRanking,
  parseWeekly,
  type PopularPage,
  type RankingPage,
  type WeeklyPage,
} from './ranking.js';
export {
  parseReplyCount,
  parseReplyMain,
  parseReplyPage,
  parseReplyReplies,
  type CommentCursorPage,
  type CommentPage,
  type ReplyRepliesPage,
} from './comment.js';
export { DanmakuXmlError, parseDanmakuXml } from './danmaku.js';
export { liveTimeSeconds, parseLiveRoomInfo, parseLiveRoomInit, parseLiveStatusByUids } from './live.js';
export { parseSearchAll, parseSearchUsers, parseSearchVideos, type SearchPage, type SearchType } from './search.js';
export { parseNavWbiKeys, parseSpiBuvid } from './nav.js';
