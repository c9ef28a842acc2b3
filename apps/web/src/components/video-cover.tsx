import type { ReactNode } from 'react';
import { RemoteImage } from './remote-image';
import './video-cover.css';

/** A video's length: mm:ss, h:mm:ss from an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${String(m).padStart(2, '0')}:${rest}`;
}

interface VideoCoverProps {
  src: string;
  alt: string;
  /** seconds, shown in the corner */
  duration: number;
  /** small: table rows (112 px); medium: search cards (160 px); large: the video detail header (320 px) */
  size: 'small' | 'medium' | 'large';
  /** greyed out (a deleted video in a list) */
  deleted?: boolean;
  /** load with the page (the detail header) instead of when scrolled to */
  eager?: boolean;
  /** marks over the cover (已删除 …) */
  children?: ReactNode;
}

/** A video cover (components/remote-image: the local cover placeholder until it loads), the duration on top. */
export function VideoCover({ src, alt, duration, size, deleted = false, eager = false, children }: VideoCoverProps) {
  return (
    <span className={`video-cover is-${size}${deleted ? ' is-deleted' : ''}`}>
      <RemoteImage kind="cover" src={src} alt={alt} eager={eager} className="video-cover-image" />
      <span className="video-cover-duration">{formatDuration(duration)}</span>
      {children}
    </span>
  );
}
