import { Modal } from 'antd';
import { VideoTrendCard } from './video-trend-card';

/**
 * 视频30天数据报告 (§2.6): the video's daily report as a modal (1000 px, §9) — the same card as the video
 * detail page: 增量 (0) / 总量 (1), 7/30/90 days, Excel export; below 专业版 the upgrade notice (§6).
 * Opened from placements and video monitoring (composed in app/route-registry.tsx).
 */
export function VideoReportModal({ videoId, title, onClose }: { videoId: number; title: string; onClose: () => void }) {
  return (
    <Modal open width={1000} title={`视频30天数据报告 · ${title}`} footer={null} onCancel={onClose} destroyOnHidden>
      <VideoTrendCard videoId={String(videoId)} />
    </Modal>
  );
}
