import { useSiteConfig } from '../../lib/site-config';

/** © year company · ICP filing (linked to the MIIT site) · licence · public-security filing. */
export function LegalLine({ className }: { className?: string }) {
  const { data: site } = useSiteConfig();
  if (!site) return null;
  const year = new Date().getFullYear();
  return (
    <div className={className ?? 'legal-line'}>
      <span>
        © {year} {site.companyName || site.productName}
      </span>
      {site.icp ? (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {site.icp}
        </a>
      ) : null}
      {site.license ? <span>{site.license}</span> : null}
      {site.publicSecurity ? <span>{site.publicSecurity}</span> : null}
    </div>
  );
}
