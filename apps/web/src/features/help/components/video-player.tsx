import { useEffect, useRef, useState } from 'react';
import { Segmented } from 'antd';
import { TUTORIAL_PLAYBACK_RATES, type TutorialVideo } from '@xg/shared';
import { savePlayCount } from '../api/tutorial-videos';

/** The must-watch tutorial player (§2.6): the browser's video element with the rates 0.7 / 1 / 1.5 / 2. */
export function VideoPlayer({ video }: { video: TutorialVideo }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState<number>(1);
  const [failed, setFailed] = useState(false);
  const counted = useRef(false);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);
  if (failed) return <div className="help-video-failed">此视频暂无法播放，请稍后再试</div>;
  return (
    <div className="help-video">
      <video
        ref={ref}
        src={video.url}
        poster={video.posterUrl || undefined}
        controls
        preload="metadata"
        onError={() => setFailed(true)}
        onPlay={() => {
          if (counted.current) return;
          counted.current = true;
          savePlayCount(video.name);
        }}
      />
      <div className="help-video-rates">
        倍速
        <Segmented
          size="small"
          value={rate}
          options={TUTORIAL_PLAYBACK_RATES.map((r) => ({ label: `${r}x`, value: r }))}
          onChange={(value) => setRate(Number(value))}
        />
      </div>
    </div>
  );
}
