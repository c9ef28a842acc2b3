import { Button, Modal } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';

/**
 * 服务提示 (serve-warn, §2.6): shown while the activity state flag is set (site config `activityState`),
 * e.g. during maintenance or a data-source incident. The flag is not sent by the server yet; the host passes
 * it as a prop, so the modal appears as soon as the server sets it.
 */
export function ServeWarnModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={440}
      centered
      title={
        <span className="serve-warn-title">
          <ExclamationCircleFilled aria-hidden /> 服务提示
        </span>
      }
      footer={
        <Button type="primary" onClick={onClose}>
          我知道了
        </Button>
      }
    >
      <p>平台正在进行服务升级，部分数据可能延迟更新，功能使用可能受到短暂影响。</p>
      <p>给您带来的不便，敬请谅解。如有疑问，请联系客服。</p>
    </Modal>
  );
}
