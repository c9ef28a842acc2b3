/** Routing facts of spec §2 shared by the web's guard and the server's menu seed. */

/** Paths that need no sign-in (§2.1), plus the sign-in screen itself. */
export const PUBLIC_PATHS = [
  '/index',
  '/index2',
  '/marketDataCus',
  '/customPage',
  '/about',
  '/classroom',
  '/classroom/list',
  '/classroom/detail',
  '/squeezeUp',
  '/squeezeRank',
  '/502',
  '/login',
] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/** Paths where the referrer policy is `always` (§2.5); every other path gets `never`. */
export const REFERRER_ALWAYS_PATHS = ['/', '/index', '/index2', '/customPage'] as const;

export function referrerPolicyFor(pathname: string): 'always' | 'never' {
  return (REFERRER_ALWAYS_PATHS as readonly string[]).includes(pathname) ? 'always' : 'never';
}

/** Component keys of §2.5. The server sends only keys whose screens exist (see IMPLEMENTED_COMPONENTS). */
export const COMPONENT_KEYS = [
  'dashboard',
  'boardData',
  'flowmeter',
  'upSearch',
  'upRank',
  'limitRank',
  'detail',
  'activityDetail',
  'topicDetail',
  'goodsDetail',
  'brandDetail',
  'hotSpot',
  'videoStuff',
  'hotVideo',
  'hotAnalyse',
  'hotActivity',
  'hotTag',
  'recommend-video',
  'exposureRank',
  'exposureSearch',
  'saleReport',
  'saleContrast',
  'goodsSearch',
  'goodsRank',
  'video',
  'videoShort',
  'videoDetail',
  'goods',
  'sellGoodsKol',
  'upAttention',
  'upThrow',
  'videoRecordReportDetail',
  'myUp',
  'videoMonitor',
  'livingMonitor',
  'opinionAnalyse',
  'opinionWarn',
  'upCollect',
  'videoCollect',
  'account',
  'member',
  'pay',
  'agreement',
  // ours (issue #16): 导出记录, the download centre of Excel exports
  'exportRecords',
  // ours (issue #17): 对比记录, the team's saved comparison reports
  'contrastRecord',
] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];

/** Query field carrying the app version on every object push (§2.5). */
export const VERSION_QUERY_FIELD = 'v';
