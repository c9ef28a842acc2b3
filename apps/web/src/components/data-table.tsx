import { useMemo } from 'react';
import { Table, type TableColumnsType, type TableProps } from 'antd';

/**
 * The app's table (issue #13, layout): as wide as its content, scrolling horizontally inside its own container
 * when that is wider than its card, with the first column fixed so a row stays recognisable while scrolling.
 * Every list screen uses it (e2e/table-widths.e2e.ts checks them at 1280, 1440 and 375 px).
 */
export function DataTable<T extends object>({ columns, scroll, ...props }: TableProps<T>) {
  const fixed = useMemo(() => fixFirstColumn(columns), [columns]);
  return <Table<T> scroll={{ x: 'max-content', ...scroll }} columns={fixed} {...props} />;
}

/** The first shown column fixed at the start (unless it says otherwise). */
export function fixFirstColumn<T>(columns: TableColumnsType<T> | undefined): TableColumnsType<T> | undefined {
  if (!columns || columns.length === 0) return columns;
  const [first, ...rest] = columns;
  if (!first || first.fixed !== undefined) return columns;
  return [{ ...first, fixed: 'start' }, ...rest];
}
