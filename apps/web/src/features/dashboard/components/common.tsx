export { QueryFailed } from '../../../components/query-failed';

export const CREATOR_DETAIL_PATH = '/search/upSearch/detail';
export const VIDEO_DETAIL_PATH = '/hotStuff/videoDetail';

export function signedCount(value: number, format: (n: number) => string): string {
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${format(Math.abs(value))}`;
}

export function shortDate(value: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}` : value;
}
