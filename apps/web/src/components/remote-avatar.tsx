import { useState } from 'react';
import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';

interface RemoteAvatarProps {
  src: string;
  alt: string;
  size?: number;
}

/**
 * An avatar from another host (platform CDNs refuse foreign referrers): loaded with no referrer, and a
 * neutral icon when it cannot be loaded.
 */
export function RemoteAvatar({ src, alt, size = 40 }: RemoteAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== '' && failedSrc !== src;
  return (
    <Avatar
      size={size}
      icon={<UserOutlined aria-hidden />}
      alt={alt}
      src={
        showImage ? (
          <img src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailedSrc(src)} />
        ) : undefined
      }
      style={{ flex: 'none' }}
    />
  );
}
