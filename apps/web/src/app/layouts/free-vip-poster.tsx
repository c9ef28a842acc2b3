import { Button, Modal, Typography } from 'antd';
import { CheckCircleFilled, CrownFilled } from '@ant-design/icons';
import { USER_TYPE_LABELS, UserType } from '@xg/shared';
import { QrImage } from '../../components/qr-image';
import { useSiteConfig } from '../../lib/site-config';
import { TIER_HIGHLIGHTS } from '../../features/home/components/landing-content';

interface FreeVipPosterProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The free enterprise-tier promotion poster for signed-in users (§2.2). The online application form comes
 * with a later issue; until then the poster says how to apply: through the adviser behind the
 * customer-service QR code.
 */
export function FreeVipPoster({ open, onClose }: FreeVipPosterProps) {
  const { data: site } = useSiteConfig();
  const enterprise = USER_TYPE_LABELS[UserType.ENTERPRISE] ?? '';
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={460} centered title={null} className="vip-poster-modal">
      <div className="vip-poster">
        <div className="vip-poster-head">
          <CrownFilled className="vip-poster-crown" aria-hidden />
          <div className="vip-poster-badge">限时活动</div>
          <Typography.Title level={3} className="vip-poster-title">
            免费申请{enterprise}会员
          </Typography.Title>
          <p>面向企业团队的限时福利，审核通过后开通{enterprise}会员体验</p>
        </div>
        <div className="vip-poster-body">
          <ul className="vip-poster-list">
            {(TIER_HIGHLIGHTS[UserType.ENTERPRISE] ?? []).map((line) => (
              <li key={line}>
                <CheckCircleFilled aria-hidden /> {line}
              </li>
            ))}
          </ul>
          <div className="vip-poster-apply">
            <QrImage url={site?.customerServiceQrUrl ?? ''} alt="客服二维码" size={120} caption="扫码联系顾问" />
            <div>
              <Typography.Text strong>申请方式</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                扫描左侧客服二维码，联系专属顾问提交企业信息，审核通过后由顾问为您开通。在线申请表即将上线。
              </Typography.Paragraph>
            </div>
          </div>
          <Button type="primary" block size="large" onClick={onClose}>
            我知道了
          </Button>
        </div>
      </div>
    </Modal>
  );
}
