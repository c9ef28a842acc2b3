import type { LinkType } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { object, text, type Decoder } from '../../../lib/decode';

const done: Decoder<{ message: string }> = object<{ message: string }>({ message: text });

/** GET /api/user/setOpenMonitor: the monitoring switch of a saved creator (§4). */
export function setOpenMonitor(type: LinkType, kolId: number, isOpen: boolean) {
  return apiGet('/api/user/setOpenMonitor', { type, kolId, isOpen: isOpen ? 1 : 0 }, done, { quiet: true });
}

/** GET /api/user/moveLinkKolSort: kolId takes targetKolId's place in the team's order. */
export function moveLinkKolSort(type: LinkType, kolId: number, targetKolId: number) {
  return apiGet('/api/user/moveLinkKolSort', { type, kolId, targetKolId }, done);
}

/** POST /api/user/moveLinkKolGroup: a saved creator into a group (0 = 未分组). */
export function moveLinkKolGroup(type: LinkType, kolId: number, groupId: number) {
  return apiPost('/api/user/moveLinkKolGroup', { type, kolId, groupId }, done);
}
