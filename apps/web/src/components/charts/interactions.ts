/** A video's interaction counts as the charts draw them: each one's name and line colour. */
export type InteractionKey = 'praiseNum' | 'castCurrencyNum' | 'collectNum' | 'shareNum' | 'commentNum' | 'barrageNum';

export interface Interaction {
  key: InteractionKey;
  label: string;
  color: string;
}

const LOOK: Readonly<Record<InteractionKey, Omit<Interaction, 'key'>>> = {
  praiseNum: { label: '点赞', color: '#eb2f96' },
  castCurrencyNum: { label: '投币', color: '#faad14' },
  collectNum: { label: '收藏', color: '#13c2c2' },
  shareNum: { label: '分享', color: '#52c41a' },
  commentNum: { label: '评论', color: '#722ed1' },
  barrageNum: { label: '弹幕', color: '#2f54eb' },
};

/** The interactions in the order a screen lists them. */
export function interactions(order: readonly InteractionKey[]): readonly Interaction[] {
  return order.map((key) => ({ key, ...LOOK[key] }));
}
