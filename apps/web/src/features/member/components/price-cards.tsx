import { Empty } from 'antd';
import { YEARLY_DISCOUNT } from '@xg/shared';
import { bonusDaysText, formatExpiryDay, formatYuan, isYearly, type PriceChoice } from '../purchase-rules';
import { RadioCard } from './radio-card';

interface PriceCardsProps {
  choices: readonly PriceChoice[];
  value: string | null;
  onChange: (key: string) => void;
  /** why a choice cannot be taken (the premium 12-month rule) */
  blockedText: string;
}

const YEARLY_BADGE = `年付${Math.round(YEARLY_DISCOUNT * 10)}折`;

/**
 * The durations of a level: price, list price, saving, price per month, 年付6折 (§3, §9), and the expiry
 * paying now gives (with the days an upgrade's credit adds).
 */
export function PriceCards({ choices, value, onChange, blockedText }: PriceCardsProps) {
  if (choices.length === 0) return <Empty description="暂无可购买的套餐" />;
  return (
    <div className="price-cards" role="radiogroup" aria-label="购买时长">
      {choices.map((choice) => {
        const option = choice.option;
        const checked = choice.key === value;
        return (
          <RadioCard
            key={choice.key}
            className={isYearly(choice.monthNum) ? 'price-card has-badge' : 'price-card'}
            checked={checked}
            blocked={!choice.selectable}
            onClick={() => onChange(choice.key)}
          >
            {isYearly(choice.monthNum) ? <span className="price-card-badge">{YEARLY_BADGE}</span> : null}
            <span className="price-card-title">{choice.title}</span>
            {option ? (
              <>
                <span className="price-card-price">{formatYuan(option.price)}</span>
                {option.originalPrice > option.price ? (
                  <span className="price-card-original">原价 {formatYuan(option.originalPrice)}</span>
                ) : (
                  <span className="price-card-original is-empty" aria-hidden>
                    原价
                  </span>
                )}
                <span className="price-card-unit">约 {formatYuan(option.unitPrice)}/月</span>
                {option.saveMoney > 0 ? (
                  <span className="price-card-save">立省 {formatYuan(option.saveMoney)}</span>
                ) : null}
                {option.newMaturityTime ? (
                  <span className="price-card-expiry" data-testid="price-card-expiry">
                    {formatExpiryDay(option.newMaturityTime)} 到期
                    {option.bonusDays > 0 ? (
                      <em className="price-card-bonus">（含折算{bonusDaysText(option.bonusDays)}）</em>
                    ) : null}
                  </span>
                ) : null}
                {choice.selectable ? null : <span className="price-card-blocked">{blockedText}</span>}
              </>
            ) : (
              <span className="price-card-none">{choice.monthNum}个月 · 暂无报价</span>
            )}
          </RadioCard>
        );
      })}
    </div>
  );
}
