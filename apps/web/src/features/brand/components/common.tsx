import { Tag, Tooltip } from 'antd';
import {
  ESTIMATE_LABEL,
  MENTION_LOCATION_LABELS,
  SPONSOR_SIGNAL_LABELS,
  formatCount,
  type BrandVideoRow,
} from '@xg/shared';

export const EXPOSURE_RANK_PATH = '/sale/exposureRank';
export const EXPOSURE_SEARCH_PATH = '/sale/exposureSearch';
export const BRAND_DETAIL_PATH = '/sale/brandDetail';
export const SALE_REPORT_PATH = '/sale/saleReport';
export const SALE_CONTRAST_PATH = '/sale/saleContrast';

export const DAY_OPTIONS = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

export function daysOf(raw: string | null): number {
  return raw === '7' ? 7 : raw === '90' ? 90 : 30;
}

/** An estimate: the range and the 估算 label, never one number alone (docs/metrics.md). */
export function EstimateRange({ low, high, money = false }: { low: number; high: number; money?: boolean }) {
  const f = (n: number) => (money ? `¥${formatCount(n)}` : formatCount(n));
  return (
    <span className="brand-estimate">
      {low === 0 && high === 0 ? '0' : `${f(low)} ~ ${f(high)}`}
      <Tooltip title="模型估算区间，非平台公布数据（计算方法见“估算说明”）">
        <Tag color="orange" className="brand-estimate-tag">
          {ESTIMATE_LABEL}
        </Tag>
      </Tooltip>
    </span>
  );
}

/** Why a video counts: the mentions (where, which text) and the sponsorship signals. */
export function EvidenceList({ row }: { row: BrandVideoRow }) {
  return (
    <div className="brand-evidence" data-testid="brand-evidence">
      {row.sponsorEvidence.length > 0 ? (
        <div>
          <div className="brand-evidence-title">
            商单判定{row.score !== null ? `（置信分 ${row.score.toFixed(2)}，≥ 0.80 计为商单）` : ''}
          </div>
          <ul>
            {row.sponsorEvidence.map((e) => (
              <li key={`${e.signal}-${e.location}-${e.matched}`}>
                <Tag color={e.weight < 0 ? 'default' : 'red'}>{SPONSOR_SIGNAL_LABELS[e.signal] ?? e.signal}</Tag>
                {MENTION_LOCATION_LABELS[e.location] ?? e.location}：「<mark>{e.matched}</mark>」
                <span className="brand-evidence-snippet">{e.snippet}</span>
                <span className="brand-evidence-weight">权重 {e.weight.toFixed(2)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <div className="brand-evidence-title">品牌提及</div>
        {row.mentions.length === 0 ? (
          <div className="brand-evidence-snippet">品牌由商单信号直接点名（见上）</div>
        ) : (
          <ul>
            {row.mentions.map((m) => (
              <li key={m.location}>
                <Tag>{MENTION_LOCATION_LABELS[m.location] ?? m.location}</Tag>
                匹配「<mark>{m.alias}</mark>」：<span className="brand-evidence-snippet">{m.evidence}</span>
                {m.hits > 1 ? <span className="brand-evidence-weight">共 {m.hits} 处</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
