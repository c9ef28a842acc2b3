import { Card, Col, Descriptions, Row, Skeleton, Tag, Typography } from 'antd';
import { COMING_SOON } from '@xg/shared';
import { useSiteConfig } from '../../../lib/site-config';
import { FEATURES, comingSoonTitles, featureItemBuilt } from './landing-content';

/** /about: the product and the company, from the site config. */
export function AboutPage() {
  const { data: site, isPending } = useSiteConfig();
  const name = site?.productName ?? '';
  const contacts = [
    { key: 'company', label: '公司名称', children: site?.companyName },
    { key: 'address', label: '公司地址', children: site?.companyAddress },
    { key: 'phone', label: '联系电话', children: site?.companyPhone },
    { key: 'email', label: '联系邮箱', children: site?.companyEmail },
  ].filter((item) => Boolean(item.children));

  return (
    <div className="about">
      <section className="about-hero">
        <h1>{isPending ? '关于我们' : `关于${name}`}</h1>
        <p>专注B站创作者数据，服务品牌方、广告代理、MCN机构、UP主与学生。</p>
      </section>
      <div className="about-body">
        <Card variant="borderless" className="about-card">
          <Typography.Title level={3}>我们做什么</Typography.Title>
          <Typography.Paragraph>
            {name || '我们'}
            持续追踪B站UP主及其视频的公开数据，把原始计数整理成排行榜、趋势、受众画像与商业估值，帮助团队发现并评估合适的UP主
            {comingSoonTitles().length > 0 ? `；${comingSoonTitles().join('、')}${COMING_SOON}` : ''}。
          </Typography.Paragraph>
          <Row gutter={[16, 16]}>
            {FEATURES.map((item) => (
              <Col key={item.key} xs={24} md={12}>
                <div className="about-feature">
                  <span className="icon-tile feature-card-icon" aria-hidden>
                    <item.Icon />
                  </span>
                  <div>
                    <Typography.Text strong>{item.title}</Typography.Text>
                    {featureItemBuilt(item) ? null : <Tag className="feature-card-soon">{COMING_SOON}</Tag>}
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                      {item.description}
                    </Typography.Paragraph>
                  </div>
                </div>
              </Col>
            ))}
          </Row>
        </Card>
        <Card variant="borderless" className="about-card">
          <Typography.Title level={3}>联系我们</Typography.Title>
          {isPending ? (
            <Skeleton active />
          ) : contacts.length > 0 ? (
            <Descriptions column={1} items={contacts} />
          ) : (
            <Typography.Text type="secondary">暂未配置联系方式</Typography.Text>
          )}
        </Card>
      </div>
    </div>
  );
}
