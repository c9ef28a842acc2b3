import { useEffect, useState, type CSSProperties } from 'react';
import './remote-image.css';

/** Local placeholders (apps/web/public), shown while a remote image loads and when it cannot. */
export const PLACEHOLDER = {
  cover: '/placeholder-cover.svg',
  avatar: '/placeholder-avatar.svg',
} as const;

/** A remote image that has not loaded by then counts as failed (an unreachable host can hang for minutes). */
const LOAD_TIMEOUT_MS = 8000;

interface RemoteImageProps {
  src: string;
  alt: string;
  kind: keyof typeof PLACEHOLDER;
  className?: string;
  /** load with the page (a detail header) instead of when scrolled to */
  eager?: boolean;
  style?: CSSProperties;
}

/**
 * The one way to show an image from the platform's hosts (covers, avatars): loaded without a referrer (the
 * CDNs refuse foreign referrers), over the local placeholder of its kind, which stays when the image is
 * missing, fails or does not load within LOAD_TIMEOUT_MS — a machine that cannot reach the hosts shows the
 * same placeholder everywhere, never a blank gap. The box keeps its size from the caller's class.
 */
export function RemoteImage({ src, alt, kind, className, eager = false, style }: RemoteImageProps) {
  const [state, setState] = useState<{ src: string; status: 'loaded' | 'failed' } | null>(null);
  const status = state?.src === src ? state.status : src ? 'loading' : 'failed';
  useEffect(() => {
    if (!src || status !== 'loading') return undefined;
    const timer = window.setTimeout(() => setState({ src, status: 'failed' }), LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [src, status]);
  return (
    <span className={`remote-image is-${kind} is-${status}${className ? ` ${className}` : ''}`} style={style}>
      <img className="remote-image-placeholder" src={PLACEHOLDER[kind]} alt={status === 'loaded' ? '' : alt} />
      {status !== 'failed' ? (
        <img
          className="remote-image-remote"
          src={src}
          alt={status === 'loaded' ? alt : ''}
          referrerPolicy="no-referrer"
          loading={eager ? undefined : 'lazy'}
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => setState({ src, status: 'failed' })}
        />
      ) : null}
    </span>
  );
}
