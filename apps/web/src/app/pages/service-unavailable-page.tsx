import { HomeResult } from '../../components/not-found';

/** /502: service outage page. */
export function ServiceUnavailablePage() {
  return (
    <div className="plain-page">
      <HomeResult status="500" title="502" subTitle="服务暂时不可用，请稍后再试" home="/index" />
    </div>
  );
}
