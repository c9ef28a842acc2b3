import { useState } from 'react';
import { AreaChartOutlined } from '@ant-design/icons';
import { useSiteConfig } from '../lib/site-config';

interface BrandLogoProps {
  size?: number;
  /** Show the product name beside the logo. */
  withName?: boolean;
  /** Text colour of the name. */
  color?: string;
}

/** Logo and product name from the site config; never a hard-coded brand. */
export function BrandLogo({ size = 32, withName = true, color }: BrandLogoProps) {
  const { data: site, isPending } = useSiteConfig();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (isPending) return <span className="css-skeleton" style={{ width: 140, height: 24 }} aria-hidden />;
  const logoUrl = site?.logoUrl ?? '';
  const showImage = logoUrl !== '' && failedUrl !== logoUrl;
  return (
    <span className="brand-logo" style={{ color }}>
      {showImage ? (
        <img
          src={logoUrl}
          alt={site?.productName ? `${site.productName} logo` : 'logo'}
          width={size}
          height={size}
          onError={() => setFailedUrl(logoUrl)}
          style={{ objectFit: 'contain', borderRadius: 8 }}
        />
      ) : (
        <span className="brand-logo-fallback" style={{ width: size, height: size, fontSize: size * 0.6 }} aria-hidden>
          <AreaChartOutlined />
        </span>
      )}
      {withName && site?.productName ? <span className="brand-logo-name">{site.productName}</span> : null}
    </span>
  );
}
