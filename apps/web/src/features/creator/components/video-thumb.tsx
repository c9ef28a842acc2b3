import { useState } from 'react';
import { PlayCircleOutlined } from '@ant-design/icons';
import { formatDuration } from './detail-links';

/** A small cover (platform CDN, no referrer) with the duration; a neutral tile when it cannot load. */
export function VideoThumb({
  src,
  alt,
  duration,
  deleted = false,
}: {
  src: string;
  alt: string;
  duration: number;
  deleted?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={deleted ? 'creator-thumb is-deleted' : 'creator-thumb'}>
      {src && failed !== src ? (
        <img src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(src)} />
      ) : (
        <PlayCircleOutlined className="creator-thumb-icon" aria-hidden />
      )}
      <span className="creator-thumb-duration">{formatDuration(duration)}</span>
    </div>
  );
}
