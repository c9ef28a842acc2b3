import { useState } from 'react';
import { PlayCircleOutlined } from '@ant-design/icons';

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${String(m).padStart(2, '0')}:${rest}`;
}

/** A video cover from the platform's CDN (no referrer), a neutral tile when it cannot load, the duration on top. */
export function VideoCover({ src, alt, duration }: { src: string; alt: string; duration: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="search-video-cover">
      {src && failed !== src ? (
        <img src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(src)} />
      ) : (
        <PlayCircleOutlined className="search-video-cover-icon" aria-hidden />
      )}
      <span className="search-video-duration">{formatDuration(duration)}</span>
    </div>
  );
}
