import { RemoteImage } from './remote-image';

interface RemoteAvatarProps {
  src: string;
  alt: string;
  size?: number;
}

/** A round avatar from the platform's hosts, with the local avatar placeholder (components/remote-image). */
export function RemoteAvatar({ src, alt, size = 40 }: RemoteAvatarProps) {
  return (
    <RemoteImage
      kind="avatar"
      src={src}
      alt={alt}
      style={{ width: size, height: size, flex: 'none', borderRadius: '50%' }}
    />
  );
}
