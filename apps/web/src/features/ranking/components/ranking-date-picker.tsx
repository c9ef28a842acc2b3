import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from '../../../lib/dayjs';

interface RankingDatePickerProps {
  /** available list dates (YYYY-MM-DD, the last day of each list's window), newest first */
  dates: readonly string[];
  value: string | null;
  onChange: (date: string) => void;
  loading: boolean;
}

/**
 * The ranking date: a day picker that only lets the user pick days with a list (GET /api/rankingDates).
 * A list's date is the last day of its window (a week list of 11-21 covers 11-15 … 11-21).
 */
export function RankingDatePicker({ dates, value, onChange, loading }: RankingDatePickerProps) {
  const available = new Set(dates);
  return (
    <DatePicker
      aria-label="榜单日期"
      value={value ? dayjs(value) : null}
      allowClear={false}
      disabled={loading || dates.length === 0}
      placeholder={dates.length === 0 && !loading ? '暂无可选日期' : '选择日期'}
      format="YYYY-MM-DD"
      disabledDate={(date: Dayjs) => !available.has(date.format('YYYY-MM-DD'))}
      onChange={(date: Dayjs | null) => {
        if (!date) return;
        const picked = date.format('YYYY-MM-DD');
        if (available.has(picked)) onChange(picked);
      }}
      className="ranking-date"
    />
  );
}
