/** Routes the creator detail links to (docs/api/discovery.md "Menu rows"). */
export const VIDEO_DETAIL_PATH = '/hotStuff/videoDetail';
export const CREATOR_DETAIL_PATH = '/search/upSearch/detail';

export function videoDetailSearch(videoId: number): string {
  return `?id=${videoId}`;
}

export function creatorDetailSearch(kolId: number, kolName: string): string {
  return `?${new URLSearchParams({ kolId: String(kolId), kolName }).toString()}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${String(m).padStart(2, '0')}:${rest}`;
}

export function signedCount(value: number, format: (n: number) => string): string {
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${format(Math.abs(value))}`;
}
