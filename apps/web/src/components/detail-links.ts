/** The detail screens the lists and cards link to (docs/api/discovery.md "Menu rows"), and their queries. */
export const VIDEO_DETAIL_PATH = '/hotStuff/videoDetail';
export const CREATOR_DETAIL_PATH = '/search/upSearch/detail';

export function videoDetailSearch(videoId: number): string {
  return `?id=${videoId}`;
}

export function creatorDetailSearch(kolId: number, kolName: string): string {
  return `?${new URLSearchParams({ kolId: String(kolId), kolName }).toString()}`;
}

/** The goods detail screen (issue #26; menu row 405) and its query. */
export const GOODS_DETAIL_PATH = '/sellGoods/goodsDetail';

export function goodsDetailSearch(goodsId: number): string {
  return `?goodsId=${goodsId}`;
}
