import type { ReactNode } from 'react';
import { CREATOR_DETAIL_PATH, creatorDetailSearch } from '../../../components/detail-links';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useAppHref } from '../../../lib/use-app-navigate';

export { QueryFailed } from '../../../components/query-failed';

export function signedCount(value: number, format: (n: number) => string): string {
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${format(Math.abs(value))}`;
}

export function shortDate(value: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}` : value;
}

/**
 * A creator in the dashboard's tables: avatar, name and a line under it, opening the creator detail in a new tab
 * (a plain link: the dashboard is the signed-in shell's first screen, counted in its bundle budget).
 */
export function DashCreator({
  creator,
  children,
}: {
  creator: { kolId: number; kolName: string; kolImg: string };
  /** the line under the name */
  children: ReactNode;
}) {
  const hrefOf = useAppHref();
  return (
    <a
      className="dash-kol"
      href={hrefOf({ pathname: CREATOR_DETAIL_PATH, search: creatorDetailSearch(creator.kolId, creator.kolName) })}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`查看UP主详情：${creator.kolName}`}
    >
      <RemoteAvatar src={creator.kolImg} alt={creator.kolName} size={32} />
      <span className="dash-kol-main">
        <span className="dash-kol-name">{creator.kolName}</span>
        <span className="dash-kol-meta">{children}</span>
      </span>
    </a>
  );
}
