import type { ReactNode } from 'react';

/**
 * One card of a radio group of cards (会员版本, 购买时长): a button with the radio role, `is-checked` when
 * chosen; a `blocked` card is disabled and `is-blocked`.
 */
export function RadioCard({
  className,
  checked,
  blocked,
  onClick,
  children,
}: {
  className: string;
  checked: boolean;
  blocked: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      aria-disabled={blocked}
      disabled={blocked}
      className={`${className}${checked ? ' is-checked' : ''}${blocked ? ' is-blocked' : ''}`}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
