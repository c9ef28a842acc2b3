import { Empty } from 'antd';
import { LinkToggle } from '../features/collect/components/link-toggle';
import { GateOverlay } from '../features/gate/components/gate-overlay';
import { ExportButton } from '../features/export/components/export-button';
import { useFeature } from '../features/gate/hooks/use-feature';
import { useUpgradePopup } from '../features/gate/hooks/use-upgrade-popup';
import { LimitAlert } from '../components/limit-alert';
import { VideoLibraryPage, type VideoLibrarySlots } from '../features/video-library/components/video-library-page';

/**
 * 视频搜索 and 短视频库 (§2.5 keys video, videoShort; issue #26 item 5) composed with the shared row actions
 * (收藏 / 投放清单), the export button (path searchVideo) and the 免费版 upgrade banner (gate video.search), so the
 * video-library feature imports none of those features.
 */
function FreeLimitBanner({ rows }: { rows: number }) {
  const feature = useFeature('video.search');
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  return (
    <>
      <LimitAlert
        className="video-library-limit"
        testId="video-library-limit-banner"
        title={`免费版仅可查看前${rows}个视频，升级会员查看全部结果`}
        onUpgrade={() => openUpgradePopup(feature)}
      />
      {upgradePopup}
    </>
  );
}

const slots: VideoLibrarySlots = {
  collectToggle: (video) => <LinkToggle target={{ kind: 'video', videoId: video.videoId }} linked={video} />,
  exportButton: (p) => <ExportButton list="searchVideo" {...p} />,
  limitBanner: (rows) => <FreeLimitBanner rows={rows} />,
};

export function VideoSearchScreen() {
  return <VideoLibraryPage mode="all" {...slots} />;
}

/** 短视频库 needs `video.short` (初级版): below it the lock and the upgrade button, and no refused request. */
export function VideoShortScreen() {
  const gate = useFeature('video.short');
  if (!gate.loading && !gate.allowed) {
    return (
      <GateOverlay feature="video.short" minHeight={320}>
        <Empty description="短视频库" />
      </GateOverlay>
    );
  }
  return <VideoLibraryPage mode="short" {...slots} />;
}
