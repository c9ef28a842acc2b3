import { Button, Skeleton } from 'antd';
import { LockOutlined, RiseOutlined, SearchOutlined } from '@ant-design/icons';
import { formatCount } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { QueryFailed } from '../../../components/query-failed';
import { useLandingContent } from '../api/get-landing-content';
import '../promo.css';

export type SqueezeKind = 'up' | 'rank';

/** How many rows of the teaser are shown in full; the rest are behind the sign-up. */
export const SQUEEZE_OPEN_ROWS = 3;

const COPY: Record<SqueezeKind, { title: string; pitch: string; cta: string }> = {
  up: {
    title: '找到适合投放的B站UP主',
    pitch: '按名称或UID搜索UP主，查看粉丝趋势、受众画像与商业报价参考。注册即可免费使用。',
    cta: '免费注册，开始搜索',
  },
  rank: {
    title: '本周B站涨粉榜',
    pitch: '每天更新的涨粉榜、粉丝榜与商业榜，第一时间发现正在崛起的UP主。',
    cta: '免费注册，查看完整榜单',
  },
};

interface SqueezePageProps {
  kind: SqueezeKind;
  onSignUp: () => void;
}

/**
 * /squeezeUp and /squeezeRank (§2.1): landing pages that turn visitors into sign-ups — one promise, real data
 * from the database (this week's fan-gain ranking, the first rows in full, the rest locked) and one action.
 */
export function SqueezePage({ kind, onSignUp }: SqueezePageProps) {
  const content = useLandingContent();
  const copy = COPY[kind];
  return (
    <div className="promo squeeze">
      <section className="page-hero">
        <h1>{copy.title}</h1>
        <p>{copy.pitch}</p>
        <Button
          size="large"
          className="squeeze-cta"
          icon={kind === 'up' ? <SearchOutlined aria-hidden /> : <RiseOutlined aria-hidden />}
          onClick={onSignUp}
        >
          {copy.cta}
        </Button>
        {content.data && content.data.creatorCount > 0 ? (
          <p className="squeeze-count">已收录 {formatCount(content.data.creatorCount)} 位UP主</p>
        ) : null}
      </section>
      <div className="promo-body">
        <section className="promo-card">
          <h2>本周涨粉 TOP 10{content.data?.day ? <small>（数据日期 {content.data.day}）</small> : null}</h2>
          {content.isPending ? (
            <Skeleton active avatar paragraph={{ rows: 6 }} />
          ) : content.isError ? (
            <QueryFailed title="榜单加载失败" error={content.error} onRetry={() => void content.refetch()} />
          ) : content.data.rank.length === 0 ? (
            <p className="classroom-empty">榜单正在计算中，注册后即可第一时间查看</p>
          ) : (
            <ol className="squeeze-rank">
              {content.data.rank.map((row, i) =>
                i < SQUEEZE_OPEN_ROWS ? (
                  <li key={row.kolId}>
                    <span className="squeeze-no">{i + 1}</span>
                    <RemoteAvatar src={row.kolImg} alt={row.kolName} size={40} />
                    <span className="squeeze-name">{row.kolName}</span>
                    <span className="squeeze-fig">粉丝 {formatCount(row.fansNum)}</span>
                    <span className="squeeze-gain">+{formatCount(row.weekGain)}</span>
                  </li>
                ) : (
                  <li key={row.kolId} className="is-locked">
                    <span className="squeeze-no">{i + 1}</span>
                    <span className="squeeze-blur" aria-hidden />
                    <span className="squeeze-name">
                      <LockOutlined aria-hidden /> 注册后查看
                    </span>
                    <span className="squeeze-gain">+{formatCount(row.weekGain)}</span>
                  </li>
                ),
              )}
            </ol>
          )}
          <Button type="primary" size="large" block onClick={onSignUp}>
            {copy.cta}
          </Button>
        </section>
      </div>
    </div>
  );
}
