import { LinkType, type LinkType as LinkTypeValue } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { count, object, text, type Decoder } from '../../../lib/decode';

export interface LinkToggleResult {
  message: string;
  /** the flag after the call (isCollect for type 1, isPut for type 4) */
  linked: number;
}

const decoder: Decoder<LinkToggleResult> = object<LinkToggleResult>({ message: text, linked: count });

/**
 * POST /api/user/addLinkKol and GET /api/user/delLinkKol (§7.3): type 1 collect, 4 delivery list, plus kolId.
 * Quiet: the caller shows the refusal (a tier limit opens the upgrade popup instead of a toast).
 */
export function toggleLinkKol(kolId: number, type: LinkTypeValue, linked: boolean): Promise<LinkToggleResult> {
  return linked
    ? apiGet('/api/user/delLinkKol', { type, kolId }, decoder, { quiet: true })
    : apiPost('/api/user/addLinkKol', { type, kolId }, decoder, { quiet: true });
}

/** POST /api/user/addLinkVideo and GET /api/user/delLinkVideo. */
export function toggleLinkVideo(videoId: number, type: LinkTypeValue, linked: boolean): Promise<LinkToggleResult> {
  return linked
    ? apiGet('/api/user/delLinkVideo', { type, videoId }, decoder, { quiet: true })
    : apiPost('/api/user/addLinkVideo', { type, videoId }, decoder, { quiet: true });
}

export const LINK_LABELS = {
  [LinkType.COLLECT]: { on: '已收藏', off: '收藏' },
  [LinkType.PUT]: { on: '已加入投放清单', off: '投放清单' },
} as const;

/** Query keys of the lists, invalidated after every change. */
export const LIST_QUERY_ROOT = ['lists'] as const;
