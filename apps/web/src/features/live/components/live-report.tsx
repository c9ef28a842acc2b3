import { useMemo, useState } from 'react';
import { Alert, Button, Col, Empty, List, Modal, Row, Segmented, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import {
  LIVE_MESSAGE_KIND_LABELS,
  LIVE_SORT_TYPES,
  MONITOR_STATE_LABELS,
  formatCount,
  type LiveMessageItem,
  type LiveSortItem,
} from '@xg/shared';
import { CHART_HEIGHT, LineChart } from '../../../components/charts/line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { QueryFailed } from '../../../components/query-failed';
import dayjs from '../../../lib/dayjs';
import { useLiveMessages, useLiveReport, useLiveSortData, type MessageFilter } from '../api/live-monitors';
import { minuteGrid } from './minute-grid';

const KIND_COLORS: Record<LiveMessageItem['kind'], string> = {
  danmaku: 'default',
  gift: 'magenta',
  superchat: 'gold',
  guard: 'purple',
};

/** 直播监测报告: figures, sessions, curves, the message stream and the senders' ranking of one live window. */
export function LiveReportModal({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useLiveReport(id);
  return (
    <Modal open width={1000} title="直播监测详情" footer={null} onCancel={onClose} destroyOnHidden>
      {query.isPending ? (
        <Empty description="加载中…" />
      ) : query.isError ? (
        <QueryFailed title="直播监测详情加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LiveReportBody id={id} report={query.data} />
      )}
    </Modal>
  );
}

function LiveReportBody({ id, report }: { id: number; report: NonNullable<ReturnType<typeof useLiveReport>['data']> }) {
  const { monitor, figures, sessions, points } = report;
  const grid = useMemo(() => minuteGrid(points), [points]);
  const categories = useMemo(() => grid.map((g) => dayjs(g.ts).format('MM-DD HH:mm')), [grid]);
  return (
    <div className="page-stack" data-testid="live-report">
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        <Tag color="blue">{MONITOR_STATE_LABELS[monitor.monitorState]}</Tag>
        {monitor.isLive ? <Tag color="red">直播中</Tag> : <Tag>未开播</Tag>}
        <strong>{monitor.kolName ?? `直播间 ${monitor.roomId}`}</strong>
        <Typography.Text type="secondary">
          {' '}
          · 房间号 {monitor.roomId} · {dayjs(monitor.sTime).format('MM-DD HH:mm')} ~{' '}
          {dayjs(monitor.eTime).format('MM-DD HH:mm')}
        </Typography.Text>
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title="峰值在线" value={figures.peakOnline === null ? '—' : formatCount(figures.peakOnline)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="平均在线" value={figures.avgOnline === null ? '—' : formatCount(figures.avgOnline)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="弹幕总数" value={formatCount(figures.danmakuTotal)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="平均每分钟弹幕" value={figures.danmakuPerMinute ?? '—'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="礼物/醒目留言/上舰总额" value={`¥${figures.paidValue}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`礼物（${formatCount(figures.giftCount)}个）`} value={`¥${figures.giftValue}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`醒目留言（${figures.superchatCount}条）`} value={`¥${figures.superchatValue}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`上舰（${figures.guardCount}次）`} value={`¥${figures.guardValue}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="开播采样" value={`${figures.samples}分钟`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="互动观众" value={formatCount(figures.senders)} />
        </Col>
      </Row>
      {sessions.length > 0 ? (
        <Table
          size="small"
          rowKey="start"
          pagination={false}
          aria-label="开播场次"
          dataSource={sessions}
          columns={[
            {
              key: 'time',
              title: '开播场次',
              render: (_, s) => `${dayjs(s.start).format('MM-DD HH:mm')} ~ ${dayjs(s.end).format('HH:mm')}`,
            },
            { key: 'minutes', title: '时长', align: 'right', render: (_, s) => `${s.minutes}分钟` },
            { key: 'peak', title: '峰值在线', align: 'right', render: (_, s) => formatCount(s.peakOnline) },
            {
              key: 'avg',
              title: '平均在线',
              align: 'right',
              responsive: ['md'],
              render: (_, s) => formatCount(s.avgOnline),
            },
          ]}
        />
      ) : null}
      {grid.length === 0 ? (
        <Alert
          type="info"
          showIcon
          message={
            monitor.monitorState === 'waiting'
              ? '监测尚未开始，开始后直播间开播即每分钟采集'
              : '监测期内直播间尚未开播，开播后每分钟采集在线人数与弹幕礼物'
          }
        />
      ) : (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            在线人数（每分钟）
          </Typography.Title>
          <ErrorBoundary title="在线人数曲线加载失败" resetKeys={[grid]}>
            <LineChart
              ariaLabel="直播在线人数曲线"
              categories={categories}
              series={[{ name: '在线人数', values: grid.map((g) => g.point?.online ?? null), color: '#1677ff' }]}
              height={CHART_HEIGHT}
              area
              testId="live-online-curve"
            />
          </ErrorBoundary>
          <Typography.Title level={5} style={{ margin: 0 }}>
            每分钟弹幕数
          </Typography.Title>
          {grid.some((g) => g.point?.danmaku !== null && g.point?.danmaku !== undefined) ? (
            <ErrorBoundary title="弹幕曲线加载失败" resetKeys={[grid]}>
              <LineChart
                ariaLabel="每分钟弹幕数曲线"
                categories={categories}
                series={[{ name: '弹幕数', values: grid.map((g) => g.point?.danmaku ?? null), color: '#2f54eb' }]}
                height={260}
                testId="live-danmaku-curve"
              />
            </ErrorBoundary>
          ) : (
            <Typography.Text type="secondary">
              弹幕按完整采集的分钟统计，连接弹幕流后的第一个完整分钟结束后显示
            </Typography.Text>
          )}
        </>
      )}
      <Tabs
        items={[
          { key: 'messages', label: '消息流', children: <MessageStream id={id} /> },
          { key: 'rank', label: '观众排行', children: <SenderRanking id={id} /> },
        ]}
      />
    </div>
  );
}

const FILTERS: { label: string; value: MessageFilter }[] = [
  { label: '全部', value: 'all' },
  { label: '弹幕', value: 'danmaku' },
  { label: '礼物', value: 'gift' },
  { label: '醒目留言', value: 'superchat' },
  { label: '上舰', value: 'guard' },
];

function MessageStream({ id }: { id: number }) {
  const [kind, setKind] = useState<MessageFilter>('all');
  const query = useLiveMessages(id, kind);
  const items = query.data?.pages.flatMap((p) => p.messages) ?? [];
  return (
    <div className="page-stack">
      <Segmented<MessageFilter> aria-label="消息类型" options={FILTERS} value={kind} onChange={setKind} />
      {query.isError ? (
        <QueryFailed title="消息加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <List<LiveMessageItem>
          className="live-messages"
          size="small"
          loading={query.isPending}
          dataSource={items}
          locale={{ emptyText: <Empty description="暂无消息，直播间开播后实时记录" /> }}
          renderItem={(m) => (
            <List.Item key={`${m.ts}-${m.kind}-${m.uid}-${m.text}`}>
              <div className="live-message">
                <span className="live-message-time">{dayjs(m.ts).format('HH:mm:ss')}</span>
                <Tag color={KIND_COLORS[m.kind]}>{LIVE_MESSAGE_KIND_LABELS[m.kind]}</Tag>
                <span className="live-message-user">{m.uname}</span>
                <span className="live-message-text">
                  {m.kind === 'gift' ? `投喂 ${m.text} ×${m.num}` : m.kind === 'guard' ? `开通${m.text}` : m.text}
                </span>
                {m.kind !== 'danmaku' && Number(m.value) > 0 ? (
                  <span className="live-message-value">¥{m.value}</span>
                ) : null}
              </div>
            </List.Item>
          )}
        />
      )}
      {query.hasNextPage ? (
        <Button block loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          加载更早的消息
        </Button>
      ) : null}
    </div>
  );
}

function SenderRanking({ id }: { id: number }) {
  const [type, setType] = useState<1 | 2>(1);
  const query = useLiveSortData(id, type);
  return (
    <div className="page-stack">
      <Segmented<1 | 2>
        aria-label="排行类型"
        options={[
          { label: LIVE_SORT_TYPES[1], value: 1 },
          { label: LIVE_SORT_TYPES[2], value: 2 },
        ]}
        value={type}
        onChange={setType}
      />
      {query.isError ? (
        <QueryFailed title="排行加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<LiveSortItem>
          size="small"
          rowKey="uid"
          pagination={false}
          loading={query.isPending}
          aria-label={LIVE_SORT_TYPES[type]}
          dataSource={query.data?.items ?? []}
          locale={{ emptyText: <Empty description="暂无数据" /> }}
          columns={[
            { key: 'rank', title: '排名', width: 64, render: (_, r) => r.rank },
            { key: 'uname', title: '观众', ellipsis: true, render: (_, r) => r.uname },
            { key: 'value', title: '付费总额', align: 'right', render: (_, r) => `¥${r.value}` },
            { key: 'danmaku', title: '弹幕', align: 'right', render: (_, r) => formatCount(r.danmaku) },
          ]}
        />
      )}
    </div>
  );
}
