import { lazy, Suspense, useState } from 'react';
import { SwapOutlined } from '@ant-design/icons';
import '../contrast-float.css';
import { setContrastOpen, useContrastEntries, useContrastOpen } from '../store';

const ContrastDrawer = lazy(() => import('./contrast-drawer').then((m) => ({ default: m.ContrastDrawer })));

/**
 * The comparison in the signed-in layout (§2.5, §2.7), rendered on the list and detail paths only
 * (contrast-paths.ts): a floating toggle with the number of selected creators opens the drawer. The drawer
 * (antd Drawer, the add and report modals, the charts) loads the first time it opens.
 */
export function ContrastHost() {
  const entries = useContrastEntries();
  const open = useContrastOpen();
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);

  return (
    <>
      <button
        type="button"
        className={open ? 'contrast-float is-open' : 'contrast-float'}
        aria-label={`对比（${entries.length}）`}
        aria-expanded={open}
        title="UP主对比"
        onClick={() => setContrastOpen(!open)}
      >
        <SwapOutlined aria-hidden />
        <span className="contrast-float-text">对比</span>
        {entries.length > 0 ? <span className="contrast-float-count">{entries.length}</span> : null}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <ContrastDrawer />
        </Suspense>
      ) : null}
    </>
  );
}
