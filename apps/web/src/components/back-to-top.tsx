import { useEffect, useState } from 'react';
import { VerticalAlignTopOutlined } from '@ant-design/icons';

/** Shown after this much scrolling (§2.7, §9). */
const VISIBLE_AFTER_PX = 300;

/**
 * Floating back-to-top button, visible after 300 px of scrolling (§2.7, §9). Plain markup: antd's FloatButton
 * brings its badge and group machinery into every public page.
 */
export function BackToTop() {
  const [visible, setVisible] = useState(() => window.scrollY >= VISIBLE_AFTER_PX);
  useEffect(() => {
    const handleScroll = (): void => setVisible(window.scrollY >= VISIBLE_AFTER_PX);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="float-tool back-to-top"
      title="回到顶部"
      aria-label="回到顶部"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <VerticalAlignTopOutlined aria-hidden />
    </button>
  );
}
