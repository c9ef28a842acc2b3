import { Alert, Button } from 'antd';
import { UserType, type FeatureKey } from '@xg/shared';
import { useGate } from '../hooks/use-feature';
import { useUpgradePopup } from '../hooks/use-upgrade-popup';

/** §2.6 / §6: the members-only banner over sample data. */
export const SAMPLE_DATA_TEXT = '该功能仅限初级版、专业版、企业版及以上会员使用，当前为示例数据';

interface SampleDataBannerProps {
  /** a feature of the policy table; without it the banner is for every paid tier (level 1 and above) */
  feature?: FeatureKey;
  level?: number;
}

/**
 * The 'members only' sample-data banner with an 升级 button that opens the upgrade popup. Shown only to users
 * below the level; members get the real data and no banner.
 */
export function SampleDataBanner({ feature, level = UserType.BASIC }: SampleDataBannerProps) {
  const gate = useGate(feature, level);
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  if (gate.loading || gate.allowed) return null;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="sample-data-banner"
        data-testid="sample-data-banner"
        title={SAMPLE_DATA_TEXT}
        action={
          <Button size="small" type="primary" onClick={() => openUpgradePopup(gate)}>
            升级
          </Button>
        }
      />
      {upgradePopup}
    </>
  );
}
