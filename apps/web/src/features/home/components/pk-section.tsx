import { formatCount } from '@xg/shared';
import { usePkData } from '../api/get-pk-data';
import '../pk.css';

/** How many of the week's fan gainers the home page shows. */
const PK_ROWS = 5;

/**
 * The home page's pkData (§2.8, POST /api/index): how many creators and videos are tracked and the week's fastest
 * fan gainers (the weekly increase ranking). Hidden while loading or when the call fails (the page stands without it).
 */
export function PkSection() {
  const pk = usePkData();
  if (!pk.data) return null;
  const { creatorCount, videoCount, pk: rows, day } = pk.data;
  return (
    <section className="landing-section pk-section" aria-labelledby="landing-pk">
      <h2 id="landing-pk" className="landing-section-title">
        本周涨粉PK
      </h2>
      <p className="landing-section-subtitle">
        已收录 {formatCount(creatorCount)} 位UP主、{formatCount(videoCount)} 个视频
        {day ? `，榜单日期 ${day}` : ''}
      </p>
      {rows.length === 0 ? (
        <p className="pk-empty">榜单正在计算中，稍后即可查看本周涨粉最快的UP主</p>
      ) : (
        <ol className="pk-list">
          {rows.slice(0, PK_ROWS).map((row, i) => (
            <li key={row.kolId} className="pk-row">
              <span className="pk-no">{i + 1}</span>
              {row.kolImg ? (
                <img className="pk-face" src={row.kolImg} alt="" referrerPolicy="no-referrer" loading="lazy" />
              ) : (
                <span className="pk-face" aria-hidden />
              )}
              <span className="pk-name">{row.kolName}</span>
              <span className="pk-fans">粉丝 {formatCount(row.fansNum)}</span>
              <span className="pk-gain">本周 +{formatCount(row.weekGain)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
