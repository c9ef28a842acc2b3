import { useState } from 'react';
import { Button } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { BrandLogo } from '../../components/brand-logo';
import { QrImage } from '../../components/qr-image';
import { useAccessToken } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-config';
import { useAppHref } from '../../lib/use-app-navigate';
import { useAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { LegalLine } from './legal-line';

/** Public footer (§2.3): call to action, links, company info, QR codes and the legal line. */
export function PublicFooter() {
  const { data: site } = useSiteConfig();
  const token = useAccessToken();
  const { openAuthModal } = useAuthModal();
  const hrefOf = useAppHref();
  const shortName = site?.productShortName || site?.productName || '';
  const [qrOpen, setQrOpen] = useState(false);

  return (
    <footer className="public-footer">
      {token ? null : (
        <section className="footer-cta">
          <h2>马上注册试用</h2>
          <p>注册即可体验UP主搜索与粉丝趋势分析</p>
          <Button size="large" className="footer-cta-button" onClick={() => openAuthModal({ tab: 'register' })}>
            登录 / 注册
          </Button>
        </section>
      )}
      <div className="footer-main">
        <div className="footer-brand">
          <BrandLogo size={32} color="#fff" />
          <ul className="footer-company">
            {site?.companyName ? <li>{site.companyName}</li> : null}
            {site?.companyAddress ? <li>地址：{site.companyAddress}</li> : null}
            {site?.companyPhone ? <li>电话：{site.companyPhone}</li> : null}
            {site?.companyEmail ? <li>邮箱：{site.companyEmail}</li> : null}
          </ul>
        </div>
        <nav className="footer-links" aria-label="页脚链接">
          <h3>了解我们</h3>
          <a href={hrefOf('/about')} target="_blank" rel="noopener">
            关于我们
          </a>
          <a href={hrefOf('/classroom')} target="_blank" rel="noopener">
            {shortName}课堂
          </a>
        </nav>
        <div className="footer-qr">
          <div className="footer-service">
            <h3>联系我们</h3>
            {/* A CSS popup (hover, keyboard focus or a click shows it): no popup library on the public pages. */}
            <div className={`footer-service-popup${qrOpen ? ' is-open' : ''}`} onMouseLeave={() => setQrOpen(false)}>
              <Button
                ghost
                icon={<CustomerServiceOutlined />}
                aria-label="联系客服，显示客服二维码"
                aria-expanded={qrOpen}
                onClick={() => setQrOpen((open) => !open)}
              >
                联系客服
              </Button>
              <div className="footer-service-qr">
                <QrImage url={site?.customerServiceQrUrl ?? ''} alt="客服二维码" size={140} caption="扫码添加客服" />
              </div>
            </div>
          </div>
          <QrImage url={site?.publicAccountQrUrl ?? ''} alt="公众号二维码" size={104} caption="扫码关注公众号" />
        </div>
      </div>
      <LegalLine className="legal-line footer-legal" />
    </footer>
  );
}
