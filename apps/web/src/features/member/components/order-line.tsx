import type { ReactNode } from 'react';

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
