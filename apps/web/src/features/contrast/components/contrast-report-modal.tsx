import { useMemo, useState } from 'react';
import { Button, Grid, Modal, Radio, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { FilePdfOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatCount,
  formatIndexNum,
  formatQuoteRange,
  LinkType,
  rankAreas,
  sampleWindowLabel,
  type ContrastKolData,
  type ContrastOverlapPair,
} from '@xg/shared';
import { BarChart, type BarChartProps, type BarChartSeries } from '../../../components/charts/bar-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import { QueryFailed } from '../../../components/query-failed';
import { RemoteAvatar } from '../../../components/remote-avatar';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';
import { useFeature } from '../../gate/hooks/use-feature';
import { LIST_QUERY_ROOT, toggleLinkKol } from '../../collect/api/link-kol';
import { useListRefusal } from '../../collect/hooks/use-list-refusal';
import { parsePortrait, type PortraitShare } from '../../creator/api/get-kol-portrait';
import { getContrastPdf, saveBlob } from '../api/get-contrast-pdf';
import { CONTRAST_QUERY_ROOT, useContrastResult, type ContrastResult } from '../api/get-contrast-result';
import { setIntention } from '../api/set-intention';
import approveOn from '../assets/approve-on.svg';
import approveOff from '../assets/approve-off.svg';
import '../contrast.css';

/**
 * UP主对比报告 (§2.7): 1000 px (the whole width on a phone). The report is the snapshot the server stored when
 * it was generated (the numbers at that time); the collect star and the intention are the team's live flags.
 * Formulas: docs/metrics.md "Comparison report".
 */
export function ContrastReportModal({ contrastId, onClose }: { contrastId: number; onClose: () => void }) {
  const mobile = Grid.useBreakpoint().md === false;
  const query = useContrastResult(contrastId);
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (query.isError)
    body = <QueryFailed title="对比报告加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  else body = <ContrastReport report={query.data} />;
  return (
    <Modal
      open
      title="UP主对比报告"
      width={mobile ? '100%' : 1000}
      className={mobile ? 'contrast-report-modal is-mobile' : 'contrast-report-modal'}
      style={mobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 24 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Formatting (§9: counts with 万 / 亿)

function count(value: number | null): string {
  return value === null ? '-' : formatCount(value);
}
function signed(value: number | null): string {
  if (value === null) return '-';
  return `${value > 0 ? '+' : ''}${formatCount(value)}`;
}
function percent(value: number | null, digits = 2): string {
  if (value === null || !Number.isFinite(value)) return '-';
  return `${value.toFixed(digits)}%`;
}
function yuan(value: number | null): string {
  return value === null ? '-' : `¥${formatCount(value)}`;
}
function time(value: string): string {
  const t = dayjs(value);
  return t.isValid() ? t.format('YYYY-MM-DD HH:mm') : value || '-';
}

interface MetricRow {
  key: string;
  label: string;
  hint?: string;
  values: string[];
  /** index of the leading creator on this row, when it makes sense */
  best?: number | null;
}

/** The index of the largest (or smallest) non-null value. */
function leader(values: (number | null)[], smallest = false): number | null {
  let best: number | null = null;
  values.forEach((value, index) => {
    if (value === null) return;
    const current = best === null ? null : values[best];
    if (current === null || current === undefined || (smallest ? value < current : value > current)) best = index;
  });
  if (best === null) return null;
  const top = values[best];
  // no leader when nobody differs from the top value (all 0, all equal)
  return values.some((value) => value !== null && value !== top) ? best : null;
}

function metric(
  key: string,
  label: string,
  kols: readonly ContrastKolData[],
  pick: (k: ContrastKolData) => number | null,
  format: (v: number | null) => string,
  options: { hint?: string; smallest?: boolean; noLeader?: boolean } = {},
): MetricRow {
  const raw = kols.map(pick);
  return {
    key,
    label,
    hint: options.hint,
    values: raw.map(format),
    best: options.noLeader ? null : leader(raw, options.smallest),
  };
}

function MetricTable({ kols, rows, label }: { kols: readonly ContrastKolData[]; rows: MetricRow[]; label: string }) {
  const columns: TableColumnsType<MetricRow> = [
    {
      key: 'label',
      title: '指标',
      fixed: 'left',
      width: 120,
      render: (_, row) =>
        row.hint ? (
          <Tooltip title={row.hint}>
            <span className="contrast-metric-label has-hint">{row.label}</span>
          </Tooltip>
        ) : (
          <span className="contrast-metric-label">{row.label}</span>
        ),
    },
    ...kols.map((kol, index) => ({
      key: String(kol.kolId),
      title: kol.kolName,
      width: 140,
      ellipsis: true,
      align: 'right' as const,
      render: (_: unknown, row: MetricRow) => (
        <span className={row.best === index && kols.length > 1 ? 'contrast-best' : undefined}>
          {row.values[index] ?? '-'}
        </span>
      ),
    })),
  ];
  return (
    <Table<MetricRow>
      className="contrast-metric-table"
      aria-label={label}
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 120 + kols.length * 140 }}
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="contrast-section" aria-label={title}>
      <Typography.Title level={5} className="contrast-section-title">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A chart of the report under its title: bars named "<title>对比", 260 px high. */
function CompareChart({ title, ...chart }: { title: string } & Omit<BarChartProps, 'ariaLabel' | 'height'>) {
  return (
    <div className="contrast-chart">
      <Typography.Text strong className="contrast-chart-title">
        {title}
      </Typography.Text>
      <ErrorBoundary>
        <BarChart ariaLabel={`${title}对比`} height={260} {...chart} />
      </ErrorBoundary>
    </div>
  );
}

type NameAxis = Pick<BarChartProps, 'categories' | 'categoryLabels'>;

interface KolBarsProps extends Pick<BarChartProps, 'valueFormatter' | 'axisFormatter' | 'testId'> {
  title: string;
  axis: NameAxis;
  values: readonly number[];
  color?: string;
}

/** One figure (`title`) of each creator, a bar a creator with its value on it. */
function KolBars({ title, axis, values, color, ...chart }: KolBarsProps) {
  return <CompareChart title={title} {...axis} series={[{ name: title, values, color }]} showLabels {...chart} />;
}

/**
 * The creators' names as a chart's category axis: every name shown (never only the first one a narrow phone
 * has room for), cut to the bar's slot with an ellipsis and turned on a phone; the tooltip says the whole name.
 */
function useNameAxis(names: string[]): NameAxis {
  const mobile = Grid.useBreakpoint().md === false;
  return useMemo(() => {
    const count = names.length;
    return {
      categories: names,
      categoryLabels: mobile ? { width: 72, rotate: count > 2 ? 30 : 0 } : { width: 96, rotate: count > 3 ? 20 : 0 },
    };
  }, [names, mobile]);
}

// ---------------------------------------------------------------------------------------------------------

function ContrastReport({ report }: { report: ContrastResult }) {
  const kols = report.userContrastKolDataList;
  const names = useMemo(() => kols.map((k) => k.kolName), [kols]);
  const axis = useNameAxis(names);
  const nameOf = (kolId: number | null): string => kols.find((k) => k.kolId === kolId)?.kolName ?? '-';
  // §2.7: 导出PDF for 企业版 (and 高级企业版, docs/decisions.md); the server decides again on the download
  const pdf = useFeature('export.pdf');

  return (
    <div className="contrast-report">
      <div className="contrast-report-head">
        <Typography.Text type="secondary">
          数据日期：{report.dataDate ?? '-'}，生成时间：{time(report.createdAt)}
        </Typography.Text>
        {report.canPdf === 1 && pdf.allowed ? <PdfButton contrastId={report.contrastId} /> : null}
      </div>
      <div className="contrast-kols" role="list" aria-label="对比UP主">
        {kols.map((kol) => (
          <div key={kol.kolId} className="contrast-kol" role="listitem">
            <div className="contrast-kol-avatar">
              <RemoteAvatar src={kol.kolImg} alt={kol.kolName} size={64} />
              <img
                className="contrast-kol-marker"
                src={kol.isApprove === 1 ? approveOn : approveOff}
                alt={kol.isApprove === 1 ? '已认证' : '未认证'}
                title={kol.isApprove === 1 ? '已认证' : '未认证'}
                width={20}
                height={20}
              />
            </div>
            <Typography.Text strong ellipsis={{ tooltip: kol.kolName }} className="contrast-kol-name">
              {kol.kolName}
            </Typography.Text>
            <Typography.Text type="secondary" className="contrast-kol-uid">
              UID：{kol.kolUid}
            </Typography.Text>
            <div className="contrast-kol-tags">
              {kol.twoSortFlag.length > 0 ? (
                kol.twoSortFlag.map((p) => <Tag key={p.id}>{p.name}</Tag>)
              ) : (
                <Tag>未分类</Tag>
              )}
            </div>
          </div>
        ))}
      </div>

      <Judgement report={report} />

      <Section title="基础数据对比">
        <MetricTable
          kols={kols}
          label="基础数据对比"
          rows={[
            metric('fans', '粉丝数', kols, (k) => k.fansNum, count),
            metric('index', '云指数', kols, (k) => k.indexNum, formatIndexNum),
            metric('fans30', '30日涨粉', kols, (k) => k.fansIncrease30, signed, {
              hint: '数据日期前30天的粉丝净增量（与UP主详情、搜索列表、榜单、导出同一口径）',
            }),
            metric('weekVideo', '近7天发布视频', kols, (k) => k.weekVideoNum, count, {
              hint: '数据日期前7天发布的视频数',
            }),
            metric('charging', '充电人数', kols, (k) => k.chargingNum, count),
            metric('quote', '定制视频报价（估）', kols, (k) => k.estVideoPrice ?? null, formatQuoteRange, {
              hint: '系统按公开刊例（粉丝数的10%–20%元）结合播放与互动估算的区间，与UP主详情、商业价值榜、投放清单导出一致',
              noLeader: true,
            }),
            metric('price', '植入报价', kols, (k) => k.libraryPrice, yuan, {
              hint: '来自本团队私有达人库的植入视频报价',
              noLeader: true,
            }),
            metric('cpm', '千次播放成本', kols, (k) => k.pricePerThousandPlays, yuan, {
              hint: `植入报价 ÷ 平均播放 × 1000（${kols.map((k) => `${k.kolName}：${k.pricePlaysDays ? `${sampleWindowLabel(k.pricePlaysDays)}平均` : '无'}`).join('，')}）`,
              smallest: true,
            }),
          ]}
        />
        <div className="contrast-charts">
          <KolBars title="粉丝数" axis={axis} values={kols.map((k) => k.fansNum)} testId="contrast-fans-chart" />
          <KolBars
            title="云指数"
            axis={axis}
            values={kols.map((k) => k.indexNum)}
            color="#13c2c2"
            valueFormatter={formatIndexNum}
            axisFormatter={(v) => String(v)}
            testId="contrast-index-chart"
          />
        </div>
      </Section>

      <InteractionSection kols={kols} names={names} />
      <FansSection kols={kols} />
      <OverlapSection report={report} nameOf={nameOf} />

      <Section title="分项结论">
        {report.verdicts.length === 0 ? (
          <Typography.Text type="secondary">暂无结论</Typography.Text>
        ) : (
          <ul className="contrast-verdicts">
            {report.verdicts.map((v) => (
              <li key={v.dimension} className="contrast-verdict">
                <div className="contrast-verdict-head">
                  <Typography.Text strong>{v.title}</Typography.Text>
                  {v.leaderKolId !== null ? <Tag color="blue">领先：{nameOf(v.leaderKolId)}</Tag> : null}
                </div>
                <Typography.Paragraph className="contrast-verdict-text">{v.text}</Typography.Paragraph>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Typography.Paragraph type="secondary" className="contrast-report-foot">
        本报告为生成时（数据日期 {report.dataDate ?? '-'}
        ）的数据快照，之后的数据变化不会改变报告内容；收藏与意向为实时状态。
      </Typography.Paragraph>
    </div>
  );
}

/** 我的判断 (§2.7, §4): the collect star (type 1) and the intention choice (only one creator isAdmire). */
function Judgement({ report }: { report: ContrastResult }) {
  const kols = report.userContrastKolDataList;
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();
  const [collected, setCollected] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(kols.map((k) => [k.kolId, k.isCollect === 1])),
  );
  const [admire, setAdmire] = useState<number | null>(() => kols.find((k) => k.isAdmire === 1)?.kolId ?? null);
  const [busy, setBusy] = useState<string | null>(null);

  const handleCollect = async (kolId: number) => {
    const linked = collected[kolId] === true;
    setBusy(`c-${kolId}`);
    try {
      const result = await toggleLinkKol(kolId, LinkType.COLLECT, linked);
      // §4: the local flag changes only on code 200 (a refusal rejects and lands in the catch)
      setCollected((prev) => ({ ...prev, [kolId]: result.linked === 1 }));
      void feedback().message.success({ content: result.message, key: 'contrast-collect' });
      void queryClient.invalidateQueries({ queryKey: LIST_QUERY_ROOT });
    } catch (error) {
      handleRefusal(error);
    } finally {
      setBusy(null);
    }
  };

  const handleIntention = async (kolId: number) => {
    setBusy(`i-${kolId}`);
    try {
      const message = await setIntention(report.contrastId, kolId);
      setAdmire(kolId);
      void feedback().message.success({ content: message || '已设为意向UP主', key: 'contrast-intention' });
      void queryClient.invalidateQueries({ queryKey: CONTRAST_QUERY_ROOT });
    } catch (error) {
      console.warn('[contrast] setIntention refused', errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="我的判断">
      <Radio.Group
        value={admire}
        className="contrast-judgement"
        aria-label="意向UP主"
        onChange={(event) => {
          const value: unknown = event.target.value;
          if (typeof value === 'number') void handleIntention(value);
        }}
      >
        {kols.map((kol) => {
          const on = collected[kol.kolId] === true;
          return (
            <div key={kol.kolId} className={admire === kol.kolId ? 'contrast-judge is-admire' : 'contrast-judge'}>
              <Typography.Text strong ellipsis={{ tooltip: kol.kolName }} className="contrast-judge-name">
                {kol.kolName}
              </Typography.Text>
              <Button
                size="small"
                type="text"
                loading={busy === `c-${kol.kolId}`}
                aria-pressed={on}
                aria-label={on ? `取消收藏${kol.kolName}` : `收藏${kol.kolName}`}
                icon={on ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
                onClick={() => void handleCollect(kol.kolId)}
              >
                {on ? '已收藏' : '收藏'}
              </Button>
              <Radio value={kol.kolId} disabled={busy === `i-${kol.kolId}`} aria-label={`设为意向：${kol.kolName}`}>
                {admire === kol.kolId ? '意向UP主' : '设为意向'}
              </Radio>
            </div>
          );
        })}
      </Radio.Group>
      {refusalHolder}
    </Section>
  );
}

function InteractionSection({ kols, names }: { kols: readonly ContrastKolData[]; names: string[] }) {
  const axis = useNameAxis(names);
  const hint =
    '每个视频的平均值，统计样本见“统计样本”一行：近7天视频；该周无新视频时取近30天视频，再无则取近90天最新10个视频';
  const interaction = useMemo<BarChartSeries[]>(
    () =>
      kols.map((k) => ({
        name: k.kolName,
        values: [
          k.avgPraiseNum ?? 0,
          k.weekCastCurrencyNum ?? 0,
          k.weekAvgCollectNum ?? 0,
          k.weekAvgShareNum ?? 0,
          k.weekAvgCommentNum ?? 0,
        ],
      })),
    [kols],
  );
  return (
    <Section title="互动数据对比">
      <MetricTable
        kols={kols}
        label="互动数据对比"
        rows={[
          metric(
            'sample',
            '统计样本',
            kols,
            (k) => k.sampleWindow ?? null,
            (v) => (v === null ? '-' : sampleWindowLabel(v)),
            {
              hint,
              noLeader: true,
            },
          ),
          metric('play', '平均播放', kols, (k) => k.weekAvgPlayNum, count, { hint }),
          metric('praise', '平均点赞', kols, (k) => k.avgPraiseNum, count, { hint }),
          metric('coin', '平均投币', kols, (k) => k.weekCastCurrencyNum, count, { hint }),
          metric('collect', '平均收藏', kols, (k) => k.weekAvgCollectNum, count, { hint }),
          metric('share', '平均分享', kols, (k) => k.weekAvgShareNum, count, { hint }),
          metric('comment', '平均评论', kols, (k) => k.weekAvgCommentNum, count, { hint }),
          metric(
            'rate',
            '互动率',
            kols,
            (k) => k.engagementRate,
            (v) => percent(v),
            {
              hint: '（点赞＋投币＋收藏＋分享＋评论）÷ 播放，统计样本内的视频',
            },
          ),
        ]}
      />
      <div className="contrast-charts">
        <KolBars
          title="平均播放"
          axis={axis}
          values={kols.map((k) => k.weekAvgPlayNum ?? 0)}
          color="#f0552d"
          testId="contrast-play-chart"
        />
        <CompareChart
          title="平均互动"
          categories={['点赞', '投币', '收藏', '分享', '评论']}
          series={interaction}
          testId="contrast-interaction-chart"
        />
      </div>
    </Section>
  );
}

function FansSection({ kols }: { kols: readonly ContrastKolData[] }) {
  const portraits = useMemo(
    () =>
      kols.map((k) => ({
        kol: k,
        gender: parsePortrait(k.genderPortrait, '性别'),
        age: parsePortrait(k.agePortrait, '年龄'),
        area: parsePortrait(k.areaPortrait, '地域'),
      })),
    [kols],
  );
  const names = useMemo(() => kols.map((k) => k.kolName), [kols]);
  const axis = useNameAxis(names);
  const share = (list: PortraitShare[], name: string): number => list.find((s) => s.name === name)?.ratio ?? 0;
  const genderSeries = useMemo<BarChartSeries[]>(
    () => [
      { name: '男', values: portraits.map((p) => share(p.gender, '男')), color: '#1677ff' },
      { name: '女', values: portraits.map((p) => share(p.gender, '女')), color: '#eb2f96' },
    ],
    [portraits],
  );
  const ages = useMemo(() => {
    const seen: string[] = [];
    for (const p of portraits) for (const a of p.age) if (!seen.includes(a.name)) seen.push(a.name);
    return seen;
  }, [portraits]);
  const ageSeries = useMemo<BarChartSeries[]>(
    () => portraits.map((p) => ({ name: p.kol.kolName, values: ages.map((age) => share(p.age, age)) })),
    [portraits, ages],
  );
  const hasPortrait = portraits.some((p) => p.gender.length + p.age.length + p.area.length > 0);
  return (
    <Section title="粉丝数据对比">
      <ul className="contrast-portrait-notes" aria-label="画像来源">
        {kols.map((k) => (
          <li key={k.kolId} className={k.portraitKind === 'partition' ? 'is-estimate' : undefined}>
            <Typography.Text strong>{k.kolName}</Typography.Text>：{k.portraitSource ?? '暂无粉丝画像'}
          </li>
        ))}
      </ul>
      {hasPortrait ? (
        <>
          <div className="contrast-charts">
            <CompareChart
              title="性别分布"
              {...axis}
              series={genderSeries}
              percent
              showLabels
              testId="contrast-gender-chart"
            />
            <CompareChart title="年龄分布" categories={ages} series={ageSeries} percent testId="contrast-age-chart" />
          </div>
          <div className="contrast-areas" aria-label="地域分布">
            {portraits.map((p) => (
              <div key={p.kol.kolId} className="contrast-area">
                <Typography.Text strong ellipsis={{ tooltip: p.kol.kolName }}>
                  {p.kol.kolName}
                </Typography.Text>
                {p.area.length === 0 ? (
                  <Typography.Text type="secondary">暂无地域数据</Typography.Text>
                ) : (
                  <ol className="contrast-area-list">
                    {rankAreas(
                      p.area,
                      (a) => a.name,
                      (a) => a.ratio,
                    )
                      .slice(0, 5)
                      .map((a) => (
                        <li key={a.name}>
                          <span>{a.name}</span>
                          <span>{percent(a.ratio, 1)}</span>
                        </li>
                      ))}
                  </ol>
                )}
              </div>
            ))}
          </div>
        </>
      ) : (
        <Typography.Text type="secondary">暂无粉丝画像数据</Typography.Text>
      )}
    </Section>
  );
}

function OverlapSection({ report, nameOf }: { report: ContrastResult; nameOf: (kolId: number | null) => string }) {
  const { overlap } = report;
  const columns: TableColumnsType<ContrastOverlapPair> = [
    {
      key: 'pair',
      title: 'UP主组合',
      render: (_, p) => `${nameOf(p.kolIdA)} × ${nameOf(p.kolIdB)}`,
    },
    {
      key: 'a',
      title: '评论用户（前者）',
      align: 'right',
      responsive: ['md'],
      render: (_, p) => p.commentersA.toLocaleString('zh-CN'),
    },
    {
      key: 'b',
      title: '评论用户（后者）',
      align: 'right',
      responsive: ['md'],
      render: (_, p) => p.commentersB.toLocaleString('zh-CN'),
    },
    { key: 'shared', title: '共同评论用户', align: 'right', render: (_, p) => p.shared.toLocaleString('zh-CN') },
    {
      key: 'percent',
      title: '重合度（95%区间）',
      align: 'right',
      render: (_, p) =>
        p.overlapPercent === null ? (
          <Typography.Text type="secondary">样本不足</Typography.Text>
        ) : (
          <span>
            <Typography.Text strong>{percent(p.overlapPercent)}</Typography.Text>
            {p.low !== null && p.high !== null ? (
              <Typography.Text type="secondary">
                {' '}
                （{percent(p.low)}～{percent(p.high)}）
              </Typography.Text>
            ) : null}
          </span>
        ),
    },
  ];
  return (
    <Section title="受众重合度（估算）">
      <Typography.Paragraph type="secondary" className="contrast-note">
        {/^方法[:：]/.test(overlap.method) ? overlap.method : `方法：${overlap.method || '-'}`}
        <Tag className="contrast-sample">样本量：{overlap.sampleSize.toLocaleString('zh-CN')} 条评论</Tag>
      </Typography.Paragraph>
      <Table<ContrastOverlapPair>
        aria-label="受众重合度"
        size="small"
        rowKey={(p) => `${p.kolIdA}-${p.kolIdB}`}
        columns={columns}
        dataSource={overlap.pairs}
        pagination={false}
      />
    </Section>
  );
}

function PdfButton({ contrastId }: { contrastId: number }) {
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      const answer = await getContrastPdf(contrastId);
      if (answer.kind === 'file')
        saveBlob(answer.blob, answer.fileName === 'download' ? `UP主对比报告-${contrastId}.pdf` : answer.fileName);
      else if (answer.message) void feedback().message.info({ content: answer.message, key: 'contrast-pdf' });
    } catch (error) {
      // the api client already showed the server's message (a JSON answer with a non-200 code)
      console.warn('[contrast] pdf refused', errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined aria-hidden />} loading={busy} onClick={() => void handleClick()}>
      导出PDF
    </Button>
  );
}
