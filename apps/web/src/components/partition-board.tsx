import { useMemo } from 'react';
import { Card, Col, Grid, Row, type TableColumnType, type TableColumnsType } from 'antd';
import { formatCount } from '@xg/shared';
import { BarChart } from './charts/bar-chart';
import { PieChart } from './charts/pie-chart';
import { DataTable } from './data-table';

/**
 * The by-partition part of the data board and of the hot analysis: two bar charts and a share pie over the
 * partitions, then the 分区明细 table. The rows come sorted; the chart specs are constants of the screen.
 */

interface PartitionRow {
  tid: number;
  name: string;
}

/** A bar chart of one figure per partition. */
export interface PartitionBar<R> {
  title: string;
  /** the chart's accessible name; the title by default */
  ariaLabel?: string;
  testId: string;
  /** the series: its name, colour and value of a row */
  series: { name: string; color: string; value: (row: R) => number };
  percent?: boolean;
  showLabels?: boolean;
}

/** The pie of one figure's share per partition. */
export interface PartitionPie<R> {
  title: string;
  /** the chart's accessible name; the title by default */
  ariaLabel?: string;
  testId: string;
  value: (row: R) => number;
}

/** A bar chart of `name` per partition, titled 各分区{name}. */
export function partitionBar<R>(
  name: string,
  color: string,
  value: (row: R) => number,
  testId: string,
  more: Pick<PartitionBar<R>, 'ariaLabel' | 'percent' | 'showLabels'> = {},
): PartitionBar<R> {
  return { title: `各分区${name}`, testId, series: { name, color, value }, ...more };
}

/** A pie of the share of `value` per partition. */
export function partitionPie<R>(
  title: string,
  value: (row: R) => number,
  testId: string,
  ariaLabel?: string,
): PartitionPie<R> {
  return { title, ariaLabel, testId, value };
}

/** A right-aligned count column (万 / 亿) that sorts by its figure. */
export function countColumn<R>(
  key: string,
  title: string,
  value: (row: R) => number,
  more: Omit<TableColumnType<R>, 'key' | 'title'> = {},
): TableColumnType<R> {
  return {
    key,
    title,
    align: 'right',
    sorter: (a, b) => value(a) - value(b),
    render: (_, row) => formatCount(value(row)),
    ...more,
  };
}

function BarCard<R extends PartitionRow>({
  rows,
  categories,
  bar,
}: {
  rows: readonly R[];
  categories: readonly string[];
  bar: PartitionBar<R>;
}) {
  const series = useMemo(
    () => [{ name: bar.series.name, values: rows.map(bar.series.value), color: bar.series.color }],
    [rows, bar],
  );
  // On a phone some 20 partitions leave a bar about 10 px wide: their value labels ran into each other, so
  // there the values are read from the tooltip and the 分区明细 table.
  const wide = Grid.useBreakpoint().lg !== false;
  return (
    <Card variant="borderless" title={bar.title}>
      <BarChart
        ariaLabel={bar.ariaLabel ?? bar.title}
        categories={categories}
        series={series}
        percent={bar.percent}
        showLabels={bar.showLabels && wide}
        testId={bar.testId}
      />
    </Card>
  );
}

interface PartitionBoardProps<R> {
  rows: readonly R[];
  /** the wide chart at the top left */
  top: PartitionBar<R>;
  /** the pie beside it */
  share: PartitionPie<R>;
  /** the full-width chart under them */
  bottom: PartitionBar<R>;
  columns: TableColumnsType<R>;
}

export function PartitionBoard<R extends PartitionRow>({ rows, top, share, bottom, columns }: PartitionBoardProps<R>) {
  const categories = useMemo(() => rows.map((row) => row.name), [rows]);
  const slices = useMemo(() => rows.map((row) => ({ name: row.name, value: share.value(row) })), [rows, share]);
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <BarCard rows={rows} categories={categories} bar={top} />
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={share.title}>
            <PieChart ariaLabel={share.ariaLabel ?? share.title} slices={slices} testId={share.testId} />
          </Card>
        </Col>
        <Col xs={24}>
          <BarCard rows={rows} categories={categories} bar={bottom} />
        </Col>
      </Row>
      <Card variant="borderless" title="分区明细">
        <DataTable<R>
          rowKey="tid"
          columns={columns}
          dataSource={rows}
          pagination={false}
          aria-label="分区明细"
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </>
  );
}
