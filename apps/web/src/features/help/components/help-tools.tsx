import { lazy, Suspense, useState } from 'react';
import { Popover } from 'antd';
import { CustomerServiceOutlined, FormOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { QrImage } from '../../../components/qr-image';
import { useSiteConfig } from '../../../lib/site-config';
import '../help.css';

const TutorialDrawer = lazy(() => import('./tutorial-drawer').then((m) => ({ default: m.TutorialDrawer })));
const FeedbackDrawer = lazy(() => import('./feedback-drawer').then((m) => ({ default: m.FeedbackDrawer })));

type Panel = 'tutorial' | 'feedback' | null;

/**
 * Floating tools (§2.5, §2.7) beside the comparison toggle and back-to-top: the customer-service QR, the
 * feedback form and the tutorial drawer. The drawers load the first time they open.
 */
export function HelpTools() {
  const { data: site } = useSiteConfig();
  const [panel, setPanel] = useState<Panel>(null);
  const [loaded, setLoaded] = useState<Set<Panel>>(new Set());
  const openPanel = (p: Panel) => {
    setLoaded((s) => new Set(s).add(p));
    setPanel(p);
  };
  return (
    <>
      <div className="help-tools" role="group" aria-label="悬浮工具">
        <Popover
          placement="left"
          trigger={['hover', 'click']}
          content={
            <QrImage url={site?.customerServiceQrUrl ?? ''} alt="客服二维码" size={140} caption="扫码添加客服" />
          }
        >
          <button type="button" className="help-tool" aria-label="联系客服" title="联系客服">
            <CustomerServiceOutlined aria-hidden />
          </button>
        </Popover>
        <button
          type="button"
          className="help-tool"
          aria-label="意见反馈"
          title="意见反馈"
          onClick={() => openPanel('feedback')}
        >
          <FormOutlined aria-hidden />
        </button>
        <button
          type="button"
          className="help-tool"
          aria-label="使用教程"
          title="使用教程"
          onClick={() => openPanel('tutorial')}
        >
          <QuestionCircleOutlined aria-hidden />
        </button>
      </div>
      <Suspense fallback={null}>
        {loaded.has('tutorial') ? <TutorialDrawer open={panel === 'tutorial'} onClose={() => setPanel(null)} /> : null}
        {loaded.has('feedback') ? <FeedbackDrawer open={panel === 'feedback'} onClose={() => setPanel(null)} /> : null}
      </Suspense>
    </>
  );
}
