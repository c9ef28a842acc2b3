import { useState } from 'react';
import { Button } from 'antd';
import { CheckOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { COMING_SOON, USER_TYPE_LABELS } from '@xg/shared';
import { useSiteConfig } from '../../../lib/site-config';
import { FEATURES, featureItemBuilt, productPitch, tierLines } from './landing-content';
import { PkSection } from './pk-section';

interface LandingPageProps {
  signedIn: boolean;
  /** A non-empty keyword from the hero search box. */
  onSearch: (keyword: string) => void;
  onRegister: () => void;
  onEnterWorkspace: () => void;
}

/** /index: the product's landing page. Brand texts come from the site config. */
export function LandingPage({ signedIn, onSearch, onRegister, onEnterWorkspace }: LandingPageProps) {
  const { data: site, isPending } = useSiteConfig();
  const [keyword, setKeyword] = useState('');
  const tiers = Object.entries(USER_TYPE_LABELS)
    .map(([type, label]) => ({ type: Number(type), label }))
    .sort((a, b) => a.type - b.type);

  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="landing-hero-inner">
          <span className="landing-hero-tag">B站创作者数据分析平台</span>
          {isPending ? (
            <span className="css-skeleton" style={{ width: 280, height: 56 }} aria-hidden />
          ) : (
            <h1 className="landing-hero-title">{site?.productName || '创作者数据分析'}</h1>
          )}
          <p className="landing-hero-pitch">{productPitch()}</p>
          <div className="landing-hero-search">
            {/* Plain markup (the landing page loads no form library): Enter or the button searches. */}
            <form
              className="landing-search"
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                const next = keyword.trim();
                if (next) onSearch(next);
              }}
            >
              <input
                className="landing-search-input"
                type="search"
                placeholder="请输入UP主名称、或者UID"
                aria-label="搜索UP主"
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
              />
              <Button type="primary" htmlType="submit" size="large" icon={<SearchOutlined aria-hidden />}>
                搜索
              </Button>
            </form>
          </div>
          <div className="landing-hero-actions">
            {signedIn ? (
              <Button
                type="primary"
                size="large"
                onClick={onEnterWorkspace}
                icon={<RightOutlined aria-hidden />}
                iconPlacement="end"
              >
                进入工作台
              </Button>
            ) : (
              <Button type="primary" size="large" onClick={onRegister}>
                免费注册试用
              </Button>
            )}
          </div>
        </div>
      </section>

      <PkSection />

      <section className="landing-section" aria-labelledby="landing-features">
        <h2 id="landing-features" className="landing-section-title">
          一站式UP主营销数据能力
        </h2>
        <p className="landing-section-subtitle">从发现、评估到投放和复盘，覆盖与UP主合作的每个环节</p>
        <div className="feature-grid">
          {FEATURES.map((item) => (
            <div key={item.key} className={`landing-card feature-card${featureItemBuilt(item) ? '' : ' is-soon'}`}>
              <span className="icon-tile feature-card-icon" aria-hidden>
                <item.Icon />
              </span>
              <h3 className="landing-card-title feature-card-title">
                {item.title}
                {featureItemBuilt(item) ? null : <span className="feature-card-soon">{COMING_SOON}</span>}
              </h3>
              <p className="landing-card-text">{item.description}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="landing-section landing-tiers" aria-labelledby="landing-tiers">
        <h2 id="landing-tiers" className="landing-section-title">
          会员版本
        </h2>
        <p className="landing-section-subtitle">按团队规模与需求选择版本，支持试用与按月、按年开通</p>
        <div className="tier-grid">
          {tiers.map((tier) => (
            <div key={tier.type} className={`landing-card tier-card${tier.type === 3 ? ' tier-card-featured' : ''}`}>
              {tier.type === 3 ? <span className="tier-card-badge">推荐</span> : null}
              <h3 className="landing-card-title">{tier.label}</h3>
              <ul className="feature-check-list tier-card-list">
                {tierLines(tier.type).map((line) =>
                  line.built ? (
                    <li key={line.text}>
                      <CheckOutlined aria-hidden /> {line.text}
                    </li>
                  ) : (
                    <li key={line.text} className="is-soon">
                      <span className="tier-card-soon-mark" aria-hidden /> {COMING_SOON}：{line.text}
                    </li>
                  ),
                )}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
