import { lazy, Suspense, useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { CustomerServiceOutlined, FormOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { QrImage } from '../../../components/qr-image';
import { useSiteConfig } from '../../../lib/site-config';
import '../help.css';

const TutorialDrawer = lazy(() => import('./tutorial-drawer').then((m) => ({ default: m.TutorialDrawer })));
const FeedbackDrawer = lazy(() => import('./feedback-drawer').then((m) => ({ default: m.FeedbackDrawer })));

type Panel = 'tutorial' | 'feedback' | null;

/**
 * Floating tools (§2.5, §2.7) beside the comparison toggle and back-to-top: the customer-service QR, the
 * feedback form and the tutorial drawer. The drawers load the first time they open. The QR panel is a plain
 * disclosure (hover, focus or click; Escape or a click outside closes it): antd's Popover would bring Tooltip
 * (≈ 15 KB gzip) into every public page and push /index over its budget (e2e/bundle-budget).
 */
export function HelpTools() {
  const { data: site } = useSiteConfig();
  const [panel, setPanel] = useState<Panel>(null);
  const [loaded, setLoaded] = useState<Set<Panel>>(new Set());
  const [qrOpen, setQrOpen] = useState(false);
  const qrRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!qrOpen) return undefined;
    const onDown = (e: MouseEvent) => {
      if (qrRef.current && !qrRef.current.contains(e.target as Node)) setQrOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setQrOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [qrOpen]);
  const openPanel = (p: Panel) => {
    setLoaded((s) => new Set(s).add(p));
    setPanel(p);
  };
  /** A round button of the bar, its name also its tooltip. */
  const tool = (
    label: string,
    icon: ReactNode,
    onClick: () => void,
    more?: ButtonHTMLAttributes<HTMLButtonElement>,
  ) => (
    <button type="button" className="float-tool" aria-label={label} title={label} onClick={onClick} {...more}>
      {icon}
    </button>
  );
  return (
    <>
      <div className="help-tools" role="group" aria-label="悬浮工具">
        <div
          ref={qrRef}
          className={`help-qr${qrOpen ? ' is-open' : ''}`}
          onMouseEnter={() => setQrOpen(true)}
          onMouseLeave={() => setQrOpen(false)}
        >
          {tool('联系客服', <CustomerServiceOutlined aria-hidden />, () => setQrOpen((v) => !v), {
            'aria-expanded': qrOpen,
            'aria-controls': 'help-qr-panel',
          })}
          {qrOpen ? (
            <div id="help-qr-panel" className="help-qr-panel" role="dialog" aria-label="客服二维码">
              <QrImage url={site?.customerServiceQrUrl ?? ''} alt="客服二维码" size={140} caption="扫码添加客服" />
            </div>
          ) : null}
        </div>
        {tool('意见反馈', <FormOutlined aria-hidden />, () => openPanel('feedback'))}
        {tool('使用教程', <QuestionCircleOutlined aria-hidden />, () => openPanel('tutorial'))}
      </div>
      <Suspense fallback={null}>
        {loaded.has('tutorial') ? <TutorialDrawer open={panel === 'tutorial'} onClose={() => setPanel(null)} /> : null}
        {loaded.has('feedback') ? <FeedbackDrawer open={panel === 'feedback'} onClose={() => setPanel(null)} /> : null}
      </Suspense>
    </>
  );
}
