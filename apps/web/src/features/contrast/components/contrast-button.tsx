import { Button } from 'antd';
import { CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { ContrastMsg } from '@xg/shared';
import { feedback } from '../../../lib/feedback';
import { toggleContrast, useInContrast, type ContrastEntry } from '../store';

interface ContrastButtonProps {
  creator: Omit<ContrastEntry, 'checked'>;
  /** a small text button in list rows, a default middle-sized one (加入对比) on the detail header */
  onHeader?: boolean;
}

/**
 * Add to / remove from the comparison (§5: clicking a creator already in the list takes it out). The drawer's
 * count on the floating toggle follows; a full list (5) says so and changes nothing.
 */
export function ContrastButton({ creator, onHeader = false }: ContrastButtonProps) {
  const inList = useInContrast(creator.kolId);
  const handleClick = () => {
    const result = toggleContrast(creator);
    const { message } = feedback();
    if (result === 'added')
      void message.success({ content: `${ContrastMsg.added}，可在右下角“对比”中生成报告`, key: 'contrast' });
    else if (result === 'removed') void message.info({ content: '已移出对比', key: 'contrast' });
    else void message.warning({ content: ContrastMsg.drawerFull, key: 'contrast' });
  };
  return (
    <Button
      size={onHeader ? 'middle' : 'small'}
      type={onHeader ? 'default' : 'text'}
      aria-pressed={inList}
      aria-label={inList ? `移出对比：${creator.kolName}` : `加入对比：${creator.kolName}`}
      className={inList ? 'contrast-button is-on' : 'contrast-button'}
      icon={inList ? <CheckOutlined aria-hidden /> : <SwapOutlined aria-hidden />}
      onClick={handleClick}
    >
      {inList ? '已加入对比' : onHeader ? '加入对比' : '对比'}
    </Button>
  );
}
