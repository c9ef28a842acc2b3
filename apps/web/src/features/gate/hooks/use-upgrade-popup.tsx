import { useCallback, useState, type ReactNode } from 'react';
import { UpgradePopup } from '../components/upgrade-popup';
import type { GateState } from './use-feature';

type PopupGate = Pick<GateState, 'userType' | 'target' | 'message' | 'label'>;

/**
 * The upgrade popup as a hook, like antd's contextHolder: render `upgradePopup` once and call
 * `openUpgradePopup(gate)` from a gate, a banner or a refused action.
 */
export function useUpgradePopup(): { openUpgradePopup: (gate: PopupGate) => void; upgradePopup: ReactNode } {
  const [gate, setGate] = useState<PopupGate | null>(null);
  const [open, setOpen] = useState(false);
  const openUpgradePopup = useCallback((next: PopupGate) => {
    setGate(next);
    setOpen(true);
  }, []);
  const upgradePopup = gate ? (
    <UpgradePopup
      open={open}
      onClose={() => setOpen(false)}
      userType={gate.userType}
      target={gate.target}
      message={gate.message}
      label={gate.label}
    />
  ) : null;
  return { openUpgradePopup, upgradePopup };
}
