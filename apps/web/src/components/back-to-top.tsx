import { FloatButton } from 'antd';

/** Floating back-to-top button, visible after 300 px of scrolling (§2.7, §9). */
export function BackToTop() {
  return <FloatButton.BackTop visibilityHeight={300} tooltip="回到顶部" aria-label="回到顶部" />;
}
