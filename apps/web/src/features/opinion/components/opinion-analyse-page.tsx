import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Input,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import dayjs from '../../../lib/dayjs';
import {
  OPINION_DURATION_TEXT,
  OPINION_SOURCE_TEXT,
  OpinionMsg,
  SENTIMENT_TEXT,
  formatCount,
  opinionRangeError,
  type OpinionItem,
  type OpinionSource,
  type OpinionTask,
  type SentimentLabel,
} from '@xg/shared';
import { usePagedParams } from '../../../components/list-filters';
import { QueryFailed } from '../../../components/query-failed';
import { LineChart } from '../../../components/charts/line-chart';
import { PieChart } from '../../../components/charts/pie-chart';
import { WordCloudChart } from '../../../components/charts/word-cloud-chart';
import { feedback } from '../../../lib/feedback';
import { ExportButton } from '../../export/components/export-button';
import { useListRefusal } from '../../collect/hooks/use-list-refusal';
import { useOpinionBasic, useOpinionList, useOpinionStatistics } from '../api/analysis';
import { OPINION_QUERY_ROOT } from '../api/decoders';
import { deleteOpinionTask, useOpinionTasks } from '../api/tasks';
import { TaskModal } from './task-modal';
import '../opinion.css';
import { ScreenGate, type ScreenGateInfo } from '../../gate/components/screen-gate';

const LIST_PAGE_SIZE = 20;
const SENTIMENT_COLORS: Readonly<Record<SentimentLabel, string>> = {
  positive: '#52c41a',
  neutral: '#8c8c8c',
  negative: '#f5222d',
};

function shanghaiTime(iso: string, withDate = true): string {
  const s = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return withDate ? `${s.slice(5, 10)} ${s.slice(11, 16)}` : s.slice(11, 16);
}

export function SentimentTag({ value }: { value: SentimentLabel | null }) {
  if (value === null) return <Tag>分析中</Tag>;
  return <Tag color={SENTIMENT_COLORS[value]}>{SENTIMENT_TEXT[value]}</Tag>;
}

function targetText(task: OpinionTask): string {
  if (task.kind === 'video') return task.title ?? '视频';
  const scope = task.scope === 'partition' ? `分区「${task.themeName ?? task.tid ?? ''}」` : '收藏的UP主';
  return `关键词「${task.keyword ?? ''}」· ${scope}`;
}

const GATE: ScreenGateInfo = {
  feature: 'opinion.analyse',
  title: '舆情分析',
  intro: '监测视频或品牌关键词的评论和弹幕，自动分析正面、中性、负面情感，生成词云、热评和声量趋势。',
};

/**
 * opinionAnalyse (§2.5, §7.4): the team's opinion tasks and, for the chosen one, its figures, sentiment shares,
 * volume and sentiment over time, word cloud, hot comments and the filterable list with export.
 */
export function OpinionAnalysePage() {
  return (
    <ScreenGate {...GATE}>
      <AnalyseScreen />
    </ScreenGate>
  );
}

function AnalyseScreen() {
  const { params, pageNo, update, setPage } = usePagedParams();
  const tasks = useOpinionTasks();
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();
  const [modal, setModal] = useState<{ task: OpinionTask | null } | null>(null);
  const list = tasks.data?.tasks ?? [];
  const idParam = Number(params.get('id'));
  const selected = list.find((t) => t.id === idParam) ?? list[0] ?? null;

  if (tasks.isPending) return <Skeleton active />;
  if (tasks.isError)
    return <QueryFailed title="舆情任务加载失败" error={tasks.error} onRetry={() => void tasks.refetch()} />;
  const data = tasks.data;

  const remove = async (task: OpinionTask) => {
    try {
      feedback().message.success(await deleteOpinionTask(task.id));
      update({ id: undefined });
    } catch (error) {
      handleRefusal(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: OPINION_QUERY_ROOT });
    }
  };

  return (
    <div className="page-stack opinion-page" data-testid="opinion-analyse">
      <Card
        variant="borderless"
        title="舆情任务"
        extra={
          <Space wrap>
            <Typography.Text type="secondary" data-testid="opinion-task-usage">
              进行中 {data.used} / {data.limit}
            </Typography.Text>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setModal({ task: null })}
              data-testid="opinion-new-task"
            >
              新建任务
            </Button>
          </Space>
        }
      >
        {list.length === 0 ? (
          <Empty description={OpinionMsg.noTasks} />
        ) : (
          <div className="opinion-task-list" role="list">
            {list.map((task) => (
              <div
                key={task.id}
                role="listitem"
                className={`opinion-task${selected?.id === task.id ? ' is-selected' : ''}`}
                data-testid={`opinion-task-${task.id}`}
              >
                <button type="button" className="opinion-task-main" onClick={() => update({ id: String(task.id) })}>
                  <span className="opinion-task-name">{task.name}</span>
                  <span className="opinion-task-target">{targetText(task)}</span>
                  <span className="opinion-task-meta">
                    <Tag color={task.status === 1 ? 'processing' : 'default'}>
                      {task.status === 1 ? '监测中' : '已结束'}
                    </Tag>
                    {OPINION_DURATION_TEXT[task.monitorDuration]} · 截止 {shanghaiTime(task.eTime)}
                    {task.newWarnings > 0 ? <Tag color="red">{task.newWarnings}条新预警</Tag> : null}
                  </span>
                </button>
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => setModal({ task })} disabled={task.status === 2}>
                    修改
                  </Button>
                  <Popconfirm
                    title="确定删除该舆情任务吗？"
                    onConfirm={() => void remove(task)}
                    okText="删除"
                    cancelText="取消"
                  >
                    <Button size="small" type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              </div>
            ))}
          </div>
        )}
      </Card>
      {selected ? <TaskAnalysis key={selected.id} task={selected} pageNo={pageNo} setPage={setPage} /> : null}
      {modal ? (
        <TaskModal
          task={modal.task}
          durations={data.durations}
          keywordTasks={data.keywordTasks === 1}
          canWarn={data.canWarn === 1}
          onClose={() => setModal(null)}
          onRefused={handleRefusal}
          onSaved={(id, message) => {
            feedback().message.success(message);
            setModal(null);
            update({ id: String(id) });
            void queryClient.invalidateQueries({ queryKey: OPINION_QUERY_ROOT });
          }}
        />
      ) : null}
      {refusalHolder}
    </div>
  );
}

type Range = [Dayjs, Dayjs];

/** The range as the server reads it: the picked instants with the browser's offset (minute precision). */
function rangeParams(range: Range | null): { startTime?: string; endTime?: string } {
  if (!range) return {};
  return { startTime: range[0].second(0).format(), endTime: range[1].second(0).format() };
}

/**
 * 时间范围 of the analysis: presets (近24小时 / 近3天 / 近7天, ending now) or two picked times; empty = the task's
 * whole history. The server applies the same rule (opinionRangeError: start before end, at most 92 days) and
 * refuses a range it breaks; here such a pick is not applied and the reason is shown.
 */
function RangeFilter({ value, onChange }: { value: Range | null; onChange: (r: Range | null) => void }) {
  const now = dayjs();
  return (
    <div className="opinion-range" data-testid="opinion-range">
      <Typography.Text type="secondary">时间范围</Typography.Text>
      <DatePicker.RangePicker
        value={value}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        placeholder={['开始时间', '结束时间']}
        allowClear
        inputReadOnly
        classNames={{ popup: { root: 'opinion-range-popup' } }}
        presets={[
          { label: '近24小时', value: [now.subtract(24, 'hour'), now] },
          { label: '近3天', value: [now.subtract(3, 'day'), now] },
          { label: '近7天', value: [now.subtract(7, 'day'), now] },
        ]}
        onChange={(v) => {
          const [from, to] = v ?? [];
          if (!from || !to) {
            onChange(null);
            return;
          }
          const error = opinionRangeError(from.toDate(), to.toDate());
          if (error) {
            feedback().message.error(error);
            return;
          }
          onChange([from, to]);
        }}
      />
    </div>
  );
}

function TaskAnalysis({ task, pageNo, setPage }: { task: OpinionTask; pageNo: number; setPage: (n: number) => void }) {
  const [source, setSource] = useState<OpinionSource | 'all'>('all');
  const [grain, setGrain] = useState<'hour' | 'day'>('hour');
  const [sentiment, setSentiment] = useState<SentimentLabel | undefined>();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  const sourceParam = source === 'all' ? undefined : source;
  const time = rangeParams(range);
  const basic = useOpinionBasic(task.id, { source: sourceParam, ...time });
  const stats = useOpinionStatistics(task.id, { source: sourceParam, grain, ...time });
  const listParams = { source: sourceParam, sentiment, keyword: keyword || undefined, ...time };
  const items = useOpinionList(task.id, { ...listParams, pageNo, pageSize: LIST_PAGE_SIZE });

  if (basic.isPending) return <Skeleton active />;
  if (basic.isError)
    return <QueryFailed title="舆情数据加载失败" error={basic.error} onRetry={() => void basic.refetch()} />;
  const b = basic.data;
  const points = stats.data?.points ?? [];
  const columns: TableColumnsType<OpinionItem> = [
    {
      key: 'text',
      title: '内容',
      render: (_, r) => (
        <div className="opinion-item-text">
          <div>{r.text}</div>
          <Typography.Text type="secondary" className="opinion-item-meta">
            {OPINION_SOURCE_TEXT[r.source]}
            {r.uname ? ` · ${r.uname}` : ''}
            {r.level !== null ? ` · Lv${r.level}` : ''}
            {r.ipLocation ? ` · ${r.ipLocation}` : ''}
            {r.root && r.root !== '0' ? ' · 回复' : ''}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'sentiment', title: '情感', width: 80, render: (_, r) => <SentimentTag value={r.sentiment} /> },
    { key: 'likes', title: '点赞', width: 70, render: (_, r) => (r.likes === null ? '-' : formatCount(r.likes)) },
    { key: 'time', title: '时间', width: 110, render: (_, r) => shanghaiTime(r.time) },
  ];

  return (
    <>
      <Card
        variant="borderless"
        title={task.name}
        extra={
          <Segmented
            value={source}
            onChange={(v) => setSource(v as OpinionSource | 'all')}
            options={[
              { value: 'all', label: '全部' },
              { value: 'comment', label: '评论' },
              { value: 'danmaku', label: '弹幕' },
            ]}
          />
        }
      >
        <RangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        {b.total === 0 ? (
          <Empty description={range ? OpinionMsg.noDataInRange : OpinionMsg.noData} />
        ) : (
          <div className="opinion-figures" data-testid="opinion-figures">
            <Statistic title="声量（条）" value={b.total} formatter={(v) => formatCount(Number(v))} />
            <Statistic title="评论" value={b.comments} formatter={(v) => formatCount(Number(v))} />
            <Statistic title="弹幕" value={b.danmaku} formatter={(v) => formatCount(Number(v))} />
            <Statistic title="评论用户" value={b.commenters} formatter={(v) => formatCount(Number(v))} />
            <Statistic title="正面占比" value={b.positiveShare ?? '-'} suffix={b.positiveShare === null ? '' : '%'} />
            <Statistic
              title="负面占比"
              value={b.negativeShare ?? '-'}
              suffix={b.negativeShare === null ? '' : '%'}
              valueStyle={{ color: '#f5222d' }}
            />
          </div>
        )}
        {b.counts.pending > 0 ? (
          <Typography.Text type="secondary">
            {OpinionMsg.modelPending}：{b.counts.pending}条
          </Typography.Text>
        ) : null}
      </Card>
      {b.total > 0 ? (
        <div className="opinion-grid">
          <Card variant="borderless" title="情感分布">
            <PieChart
              ariaLabel="情感分布"
              testId="opinion-sentiment-pie"
              height={320}
              slices={(['positive', 'neutral', 'negative'] as const).map((k) => ({
                name: SENTIMENT_TEXT[k],
                value: b.counts[k],
                color: SENTIMENT_COLORS[k],
              }))}
            />
          </Card>
          <Card variant="borderless" title="词云">
            {b.words.length === 0 ? (
              <Empty description="暂无关键词" />
            ) : (
              <WordCloudChart
                ariaLabel="评论和弹幕关键词词云"
                words={b.words}
                height={320}
                testId="opinion-word-cloud"
              />
            )}
          </Card>
        </div>
      ) : null}
      {b.total > 0 ? (
        <Card
          variant="borderless"
          title="声量与情感趋势"
          extra={
            <Segmented
              value={grain}
              onChange={(v) => setGrain(v as 'hour' | 'day')}
              options={[
                { value: 'hour', label: '按小时' },
                { value: 'day', label: '按天' },
              ]}
            />
          }
        >
          <LineChart
            ariaLabel="声量与情感趋势"
            categories={points.map((p) => (grain === 'hour' ? shanghaiTime(p.time) : shanghaiTime(p.time).slice(0, 5)))}
            series={[
              { name: '声量', values: points.map((p) => p.total), color: '#1677ff' },
              { name: '正面', values: points.map((p) => p.positive), color: SENTIMENT_COLORS.positive },
              { name: '负面', values: points.map((p) => p.negative), color: SENTIMENT_COLORS.negative },
            ]}
          />
        </Card>
      ) : null}
      {b.hotComments.length > 0 ? (
        <Card variant="borderless" title="热门评论">
          <ol className="opinion-hot" data-testid="opinion-hot">
            {b.hotComments.map((c) => (
              <li key={c.id}>
                <SentimentTag value={c.sentiment} />
                <span className="opinion-hot-text">{c.text}</span>
                <Typography.Text type="secondary">👍 {formatCount(c.likes ?? 0)}</Typography.Text>
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
      <Card
        variant="borderless"
        title="评论和弹幕"
        extra={
          <ExportButton
            list="opinionList"
            params={{ id: task.id, ...listParams }}
            pageNo={pageNo}
            pageSize={LIST_PAGE_SIZE}
            total={items.data?.total ?? 0}
            exportName={`舆情列表_${task.name}`.slice(0, 40)}
          />
        }
      >
        <Space wrap className="opinion-filters">
          <Select
            allowClear
            placeholder="情感"
            style={{ width: 110 }}
            value={sentiment}
            onChange={(v: SentimentLabel | undefined) => {
              setSentiment(v);
              setPage(1);
            }}
            options={(['positive', 'neutral', 'negative'] as const).map((k) => ({
              value: k,
              label: SENTIMENT_TEXT[k],
            }))}
            data-testid="opinion-filter-sentiment"
          />
          <Input.Search
            allowClear
            placeholder="搜索关键词"
            maxLength={20}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.target.value)}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 200 }}
          />
        </Space>
        {items.isError ? (
          <QueryFailed title="列表加载失败" error={items.error} onRetry={() => void items.refetch()} />
        ) : (
          <Table<OpinionItem>
            rowKey={(r) => `${r.source}-${r.id}`}
            columns={columns}
            dataSource={items.data?.list ?? []}
            loading={items.isFetching}
            size="middle"
            scroll={{ x: 560 }}
            locale={{ emptyText: <Empty description={OpinionMsg.noData} /> }}
            pagination={{ current: pageNo, pageSize: LIST_PAGE_SIZE, total: items.data?.total ?? 0, onChange: setPage }}
            data-testid="opinion-list"
          />
        )}
      </Card>
    </>
  );
}
