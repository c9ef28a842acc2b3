import { Typography } from 'antd';
import dayjs from 'dayjs';

/** Who added (or last changed) a row of a team list and on which day, on two lines. */
export function AddedBy({ className, who, at }: { className: string; who: string; at: string }) {
  return (
    <span className={className}>
      <span>{who || '-'}</span>
      <Typography.Text type="secondary">{dayjs(at).format('YYYY-MM-DD')}</Typography.Text>
    </span>
  );
}
