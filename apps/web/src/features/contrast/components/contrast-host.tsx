import { useState } from 'react';
import '../contrast-float.css';
import { ContrastDrawer } from './contrast-drawer';
import { setContrastOpen, useContrastEntries, useContrastOpen } from '../store';

/**
 * antd's SwapOutlined drawn inline: an @ant-design/icons component in this chunk (which has no antd component)
 * makes the bundler split the icon base out of antd's shared chunk, +1 KB gzip on every page (bundle budgets).
 */
const SWAP_PATH =
  'M847.9 592H152c-4.4 0-8 3.6-8 8v60c0 4.4 3.6 8 8 8h605.2L612.9 851c-4.1 5.2-.4 13 6.3 13h72.5c4.9 0 9.5-2.2 12.6-6.1l168.8-214.1c16.5-21 1.6-51.8-25.2-51.8zM872 356H266.8l144.3-183c4.1-5.2.4-13-6.3-13h-72.5c-4.9 0-9.5 2.2-12.6 6.1L150.9 380.2c-16.5 21-1.6 51.8 25.1 51.8h696c4.4 0 8-3.6 8-8v-60c0-4.4-3.6-8-8-8z';

/**
 * The comparison in the signed-in layout (§2.5, §2.7), rendered on the list and detail paths only
 * (contrast-paths.ts): a floating toggle with the number of selected creators opens the drawer, mounted the
 * first time it opens (so the month's count is fetched then). This chunk and the drawer load together, on those
 * paths only; the add and report modals (and the charts) load when they open. One chunk rather than a
 * separate lazy drawer: a chunk of react alone makes the bundler split react and Vite's preload helper out of
 * their shared chunks, which costs the landing page and the shell ~3 KB gzip (e2e/bundle-budget.e2e.ts).
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
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
          <path d={SWAP_PATH} />
        </svg>
        <span className="contrast-float-text">对比</span>
        {entries.length > 0 ? <span className="contrast-float-count">{entries.length}</span> : null}
      </button>
      {loaded ? <ContrastDrawer /> : null}
    </>
  );
}
