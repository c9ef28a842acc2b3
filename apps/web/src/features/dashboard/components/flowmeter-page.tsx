import { useMemo } from 'react';
import { Card, Empty, Segmented, Skeleton, Spin, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { MultiLineChart, type MultiLineSeries } from '../../../components/charts/multi-line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { countColumn } from '../../../components/partition-board';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useFlowmeter, type FlowmeterDays } from '../api/get-flowmeter';
import { QueryFailed, shortDate, signedCount } from './common';
import '../dashboard.css';
import { DataTable } from '../../../components/data-table';

const PATH = '/home/flowmeter';
const DAY_OPTIONS: { label: string; value: FlowmeterDays }[] = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];
/** Lines drawn at first (the biggest partitions); the legend switches the others on. */
const INITIAL_LINES = 6;

interface Row {
  tid: number;
  name: string;
  total: number;
  average: number;
  last: number;
  /** second half of the window against the first, in percent; null without a base */
  change: number | null;
}

const COLUMNS: TableColumnsType<Row> = [
  { key: 'name', title: '分区', dataIndex: 'name' },
  countColumn('total', '播放增量合计', (r) => r.total),
  countColumn('avg', '日均增量', (r) => r.average),
  countColumn('last', '最近一日', (r) => r.last, { responsive: ['sm'] }),
  {
    key: 'change',
    title: '后半段环比',
    align: 'right',
    responsive: ['md'],
    sorter: (a, b) => (a.change ?? 0) - (b.change ?? 0),
    render: (_, r) =>
      r.change === null ? (
        '-'
      ) : (
        <span className={r.change < 0 ? 'flow-change is-down' : 'flow-change'}>
          {signedCount(Math.round(r.change * 10) / 10, (n) => `${n}`)}%
        </span>
      ),
  },
];

/** /home/flowmeter (component flowmeter): the daily plays gain per partition over 7/30/90 days. */
export function FlowmeterPage() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const raw = Number(params.get('days'));
  const days: FlowmeterDays = raw === 7 || raw === 90 ? raw : 30;
  const query = useFlowmeter(days);

  const { categories, series, rows, initial } = useMemo(() => {
    const partitions = query.data?.partitions ?? [];
    const dates = [...new Set(partitions.flatMap((p) => p.series.map((point) => point.dataDate)))].sort();
    const built: MultiLineSeries[] = [];
    const table: Row[] = [];
    for (const partition of partitions) {
      const byDate = new Map(partition.series.map((point) => [point.dataDate, point.playIncrease]));
      const values = dates.map((date) => byDate.get(date) ?? null);
      built.push({ name: partition.name, values });
      const known = values.filter((v): v is number => v !== null);
      const total = known.reduce((sum, v) => sum + v, 0);
      const half = Math.floor(known.length / 2);
      const first = known.slice(0, half).reduce((sum, v) => sum + v, 0);
      const second = known.slice(known.length - half).reduce((sum, v) => sum + v, 0);
      table.push({
        tid: partition.tid,
        name: partition.name,
        total,
        average: known.length > 0 ? total / known.length : 0,
        last: known.at(-1) ?? 0,
        change: half > 0 && first > 0 ? ((second - first) / first) * 100 : null,
      });
    }
    table.sort((a, b) => b.total - a.total);
    // the legend in the table's order: the lines drawn at first lead it, so on a phone, where the legend
    // scrolls, its first page names the coloured lines instead of switched-off ones
    const rank = new Map(table.map((row, index) => [row.name, index]));
    built.sort((a, b) => (rank.get(a.name) ?? 0) - (rank.get(b.name) ?? 0));
    return {
      categories: dates,
      series: built,
      rows: table,
      initial: table.slice(0, INITIAL_LINES).map((row) => row.name),
    };
  }, [query.data]);

  return (
    <div className="page-stack">
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          流量风向标
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          各分区UP主每日播放增量的走势，看流量流向哪些内容。默认显示增量最大的{INITIAL_LINES}个分区，点击图例可切换。
        </Typography.Paragraph>
        <Segmented<FlowmeterDays>
          aria-label="时间范围"
          options={DAY_OPTIONS}
          value={days}
          onChange={(value) => navigate({ pathname: PATH, search: `?days=${value}` })}
        />
      </Card>
      <ErrorBoundary title="流量风向标加载失败" resetKeys={[days]}>
        {query.isPending ? (
          <Card variant="borderless">
            <Skeleton active paragraph={{ rows: 12 }} />
          </Card>
        ) : query.isError ? (
          <Card variant="borderless">
            <QueryFailed title="流量风向标加载失败" error={query.error} onRetry={() => void query.refetch()} />
          </Card>
        ) : series.length === 0 || categories.length === 0 ? (
          <Card variant="borderless">
            <Empty description="暂无流量数据，数据每日更新" />
          </Card>
        ) : (
          <>
            <Card variant="borderless" title={`各分区每日播放增量（近${days}天）`}>
              <Spin spinning={query.isPlaceholderData} delay={200}>
                <MultiLineChart
                  ariaLabel={`近${days}天各分区每日播放增量`}
                  categories={categories}
                  series={series}
                  initiallyShown={initial}
                  categoryLabelFormatter={shortDate}
                  testId="flowmeter-chart"
                />
              </Spin>
            </Card>
            <Card variant="borderless" title="分区流量排行">
              <DataTable<Row>
                scroll={{ x: 'max-content' }}
                rowKey="tid"
                columns={COLUMNS}
                dataSource={rows}
                pagination={false}
                aria-label="分区流量排行"
              />
            </Card>
          </>
        )}
      </ErrorBoundary>
    </div>
  );
}
