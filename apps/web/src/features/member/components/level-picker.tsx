import { CrownFilled, LockOutlined } from '@ant-design/icons';
import { COMING_SOON, LEVEL_OPTIONS, UserType, featureBuilt, featuresAddedAt } from '@xg/shared';
import { isLevelBlocked, levelOfOption } from '../purchase-rules';
import { RadioCard } from './radio-card';

interface LevelPickerProps {
  value: number;
  /** the paid level held now (0 none) */
  held: number;
  onChange: (level: number) => void;
}

/**
 * What a level adds over the one below it, from the policy table and the built-features registry: built
 * features by name; a level that adds only features not built yet says so (即将上线).
 */
function levelTagline(level: number): string {
  const added = featuresAddedAt(level);
  const built = added.filter((f) => f.built).map((f) => f.label);
  const planned = added.filter((f) => !f.built).map((f) => f.label);
  if (level === UserType.PREMIUM || added.length === 0)
    return featureBuilt('contrast.create') && featureBuilt('export.excel')
      ? '包含企业版全部功能；对比报告与导出额度更高'
      : `包含企业版全部功能；对比报告与导出额度更高（${COMING_SOON}）`;
  if (built.length > 0) {
    const shown = built.slice(0, 3).join('、');
    return built.length > 3 ? `${shown}等${built.length}项` : shown;
  }
  return `${planned.slice(0, 2).join('、')}等（${COMING_SOON}）`;
}

/**
 * The four level options of §3 (初级版 … 高级企业版; the level sent is id + 1). Levels below the current paid
 * level cannot be chosen (§4).
 */
export function LevelPicker({ value, held, onChange }: LevelPickerProps) {
  return (
    <div className="level-picker" role="radiogroup" aria-label="会员版本">
      {LEVEL_OPTIONS.map((option) => {
        const level = levelOfOption(option.id);
        const blocked = isLevelBlocked(level, held);
        const checked = level === value;
        return (
          <RadioCard
            key={option.id}
            className="level-card"
            checked={checked}
            blocked={blocked}
            onClick={() => onChange(level)}
          >
            <span className="level-card-head">
              <CrownFilled aria-hidden className={`level-crown level-crown-${level}`} />
              <span className="level-card-name">{option.label}</span>
              {level === held ? <span className="level-card-flag">当前版本</span> : null}
            </span>
            <span className="level-card-text">{levelTagline(level)}</span>
            {blocked ? (
              <span className="level-card-blocked">
                <LockOutlined aria-hidden /> 低于当前版本，不可选择
              </span>
            ) : null}
          </RadioCard>
        );
      })}
    </div>
  );
}
