import { useState } from 'react';
import { Button, Space } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { LinkType } from '@xg/shared';
import { feedback } from '../../../lib/feedback';
import { LINK_LABELS, LIST_QUERY_ROOT, toggleLinkKol, toggleLinkVideo } from '../api/link-kol';
import { useListRefusal } from '../hooks/use-list-refusal';

interface LinkToggleProps {
  /** a creator (kolId) or a video (videoId) */
  target: { kind: 'kol'; kolId: number } | { kind: 'video'; videoId: number };
  /** the item's flags as the server sent them (1: in the collection / the delivery list) */
  linked: { isCollect: number; isPut: number };
  /** small text buttons in list rows, default middle-sized ones on a detail header */
  onHeader?: boolean;
}

/**
 * The collect (type 1) and delivery-list (type 4) stars of §4: a click removes what is set and adds what is
 * not; the flag changes only when the server answers 200, and the server's message is shown. A tier limit
 * opens the upgrade popup.
 */
export function LinkToggle({ target, linked, onHeader = false }: LinkToggleProps) {
  const { isCollect, isPut } = linked;
  const [flags, setFlags] = useState({ [LinkType.COLLECT]: isCollect === 1, [LinkType.PUT]: isPut === 1 });
  const [busy, setBusy] = useState<LinkType | null>(null);
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();

  // New flags from the server (a refetched list) replace the local ones, during render (no effect).
  const fromServer = `${isCollect}:${isPut}`;
  const [seen, setSeen] = useState(fromServer);
  if (seen !== fromServer) {
    setSeen(fromServer);
    setFlags({ [LinkType.COLLECT]: isCollect === 1, [LinkType.PUT]: isPut === 1 });
  }

  const handleToggle = async (type: LinkType) => {
    const linked = flags[type];
    setBusy(type);
    try {
      const result =
        target.kind === 'kol'
          ? await toggleLinkKol(target.kolId, type, linked)
          : await toggleLinkVideo(target.videoId, type, linked);
      setFlags((prev) => ({ ...prev, [type]: result.linked === 1 }));
      feedback().message.success({ content: result.message, key: `link-${type}` });
      void queryClient.invalidateQueries({ queryKey: LIST_QUERY_ROOT });
    } catch (error) {
      handleRefusal(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space size={4} wrap>
      {([LinkType.COLLECT, LinkType.PUT] as const).map((type) => {
        const on = flags[type];
        const labels = LINK_LABELS[type];
        return (
          <Button
            key={type}
            size={onHeader ? 'middle' : 'small'}
            type={onHeader ? 'default' : 'text'}
            loading={busy === type}
            aria-pressed={on}
            aria-label={on ? labels.on : type === LinkType.COLLECT ? '收藏' : '加入投放清单'}
            className={on ? 'link-toggle is-on' : 'link-toggle'}
            icon={on ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
            onClick={() => void handleToggle(type)}
          >
            {on ? labels.on : labels.off}
          </Button>
        );
      })}
      {refusalHolder}
    </Space>
  );
}
