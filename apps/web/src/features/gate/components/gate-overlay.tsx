import type { ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { LockFilled } from '@ant-design/icons';
import { GATE_DEFAULT_LEVEL, Msg, userTypeLabel, type FeatureKey } from '@xg/shared';
import { useGate } from '../hooks/use-feature';
import { useUpgradePopup } from '../hooks/use-upgrade-popup';
import '../gate.css';

interface GateOverlayProps {
  /** a feature of the policy table; without it the gate is by `level` */
  feature?: FeatureKey;
  /** the level a feature outside the table needs (default GATE_DEFAULT_LEVEL = 2, §6) */
  level?: number;
  /** the gated content: drawn blurred and unreachable under the lock */
  children: ReactNode;
  /** the lock's heading; defaults to the feature's label */
  title?: string;
  /** the content's minimum height while locked (a short panel still shows the lock whole) */
  minHeight?: number;
}

/**
 * The gate overlay of §6: when the user's userType is below the required level (default 2) the content is
 * blurred and covered by a lock; its button opens the upgrade popup. Members see the content as is.
 */
export function GateOverlay({
  feature,
  level = GATE_DEFAULT_LEVEL,
  children,
  title,
  minHeight = 220,
}: GateOverlayProps) {
  const gate = useGate(feature, level);
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  if (gate.allowed) return children;
  const heading = title ?? (gate.label ? `${gate.label}为会员专属功能` : '会员专属功能');
  const text = gate.message === Msg.upgradeTitle ? `${userTypeLabel(gate.requiredLevel)}及以上会员可用` : gate.message;
  return (
    <div className="gate-overlay" data-testid="gate-overlay" style={{ minHeight }}>
      <div className="gate-overlay-content" aria-hidden inert>
        {children}
      </div>
      <div className="gate-overlay-mask">
        {gate.loading ? (
          <Spin aria-label="正在检查会员权限" />
        ) : (
          <div className="gate-overlay-lock" role="group" aria-label={heading}>
            <span className="brand-chip gate-overlay-icon">
              <LockFilled aria-hidden />
            </span>
            <strong className="gate-overlay-title">{heading}</strong>
            <span className="gate-overlay-text">{text}</span>
            <Button type="primary" onClick={() => openUpgradePopup(gate)}>
              升级解锁
            </Button>
          </div>
        )}
      </div>
      {upgradePopup}
    </div>
  );
}
