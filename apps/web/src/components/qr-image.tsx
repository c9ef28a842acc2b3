import { QrcodeOutlined } from '@ant-design/icons';

interface QrImageProps {
  /** Image URL from the site config; '' shows a neutral placeholder (never a fake QR). */
  url: string;
  alt: string;
  size?: number;
  caption?: string;
}

export function QrImage({ url, alt, size = 112, caption = '扫码关注' }: QrImageProps) {
  return (
    <figure className="qr-image" style={{ width: size }}>
      {url ? (
        <img src={url} alt={alt} width={size} height={size} referrerPolicy="no-referrer" />
      ) : (
        <div
          className="qr-placeholder"
          style={{ width: size, height: size }}
          role="img"
          aria-label={`${alt}（未配置）`}
        >
          <QrcodeOutlined style={{ fontSize: size * 0.36 }} />
        </div>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
