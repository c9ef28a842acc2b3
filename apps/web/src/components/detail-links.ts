/** The detail screens the lists and cards link to (docs/api/discovery.md "Menu rows"), and their queries. */
export const VIDEO_DETAIL_PATH = '/hotStuff/videoDetail';
export const CREATOR_DETAIL_PATH = '/search/upSearch/detail';

export function videoDetailSearch(videoId: number): string {
  return `?id=${videoId}`;
}

export function creatorDetailSearch(kolId: number, kolName: string): string {
  return `?${new URLSearchParams({ kolId: String(kolId), kolName }).toString()}`;
}
