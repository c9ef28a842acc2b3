import type { ReactNode } from 'react';
import { MemberMsg } from '@xg/shared';
import { useSiteConfig } from '../../../lib/site-config';

/** One line of an order's summary (a row of its `<dl>`): the term, then the value with its class and test id. */
export function OrderLine({
  term,
  className,
  testId,
  children,
}: {
  term: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What the buyer is told under the order (the member page) and in the payment dialog: virtual goods, bank transfer. */
export function PurchaseNotes({ className }: { className: string }) {
  const { data: site } = useSiteConfig();
  return (
    <ul className={className}>
      <li>{MemberMsg.virtualProductNote}</li>
      <li>
        {MemberMsg.bankTransferNote}
        {site?.companyPhone ? `（客服电话：${site.companyPhone}）` : ''}
      </li>
    </ul>
  );
}
