import type { ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { Msg } from '@xg/shared';

/**
 * A card of 个人中心: its title after an icon, `extra` at the right; with `query`, a skeleton while it loads
 * and its error (or the generic one) when it failed, before the body.
 */
export function AccountCard({
  icon,
  title,
  extra,
  query,
  children,
}: {
  icon: ReactNode;
  title: string;
  extra?: ReactNode;
  query?: { isPending: boolean; isError: boolean; error: { message: string } | null };
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <span>
          {icon} {title}
        </span>
      }
      extra={extra}
      className="account-card"
    >
      {query?.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {query?.isError ? <Empty description={query.error?.message || Msg.serverError} /> : null}
      {children}
    </Card>
  );
}
