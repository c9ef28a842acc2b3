import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { ApproveBadge } from '../approve-badge';
import { CreatorLink } from '../ranked-list';
import { RemoteAvatar } from '../remote-avatar';

export interface CreatorIdentityProps {
  /**
   * The class names of the list it stands in: `${block}-main`, `${block}-name` and `${block}-meta` (and the link's
   * `${block}` in CreatorCell); each list keeps its own look in its own stylesheet.
   */
  block: string;
  /** who: a list row or card's creator; without `isApprove` no verification badge follows the name */
  creator: { kolName: string; kolImg: string; isApprove?: number };
  avatarSize?: number;
  /** more marks after the name (platform level …) */
  marks?: ReactNode;
  /** the line under the name (UID, MCN, fans …) */
  meta: ReactNode;
}

/** A creator as the lists show one: avatar, the name (cut with a tooltip) with its marks, a line under it. */
export function CreatorIdentity({ block, creator, avatarSize = 40, marks, meta }: CreatorIdentityProps) {
  const { kolName: name, kolImg: img, isApprove } = creator;
  return (
    <>
      <RemoteAvatar src={img} alt={name} size={avatarSize} />
      <span className={`${block}-main`}>
        <span className={`${block}-name`}>
          <Typography.Text strong ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          {isApprove === undefined ? null : <ApproveBadge isApprove={isApprove} />}
          {marks}
        </span>
        <span className={`${block}-meta`}>{meta}</span>
      </span>
    </>
  );
}

/** A list row's creator: its identity, opening the creator detail in a new tab (`查看UP主详情：…`). */
export function CreatorCell(props: CreatorIdentityProps & { creator: { kolId: number } }) {
  const { kolId, kolName } = props.creator;
  return (
    <CreatorLink className={props.block} kolId={kolId} kolName={kolName} label={`查看UP主详情：${kolName}`}>
      <CreatorIdentity {...props} />
    </CreatorLink>
  );
}
