import { useQuery } from '@tanstack/react-query';
import { CUSTOM_GROUP_TYPE, type UserThemeInfo } from '@xg/shared';
import { apiGet, apiPost } from '../../../lib/api-client';
import { array, count, number, object, text, type Decoder } from '../../../lib/decode';
import { LIST_QUERY_ROOT } from './link-kol';

export interface CustomGroups {
  userThemeInfos: UserThemeInfo[];
  limit: number;
}

const decoder: Decoder<CustomGroups> = object<CustomGroups>({
  userThemeInfos: array(
    object<UserThemeInfo>({ id: number, themeName: text, sortFlag: count, isDefault: count, kolNum: count }),
  ),
  limit: count,
});
const done: Decoder<{ message: string }> = object<{ message: string }>({ message: text });

/** GET /api/user/customizeSortList?type=4 (§7.3): the team's custom groups, default_group included (flagged). */
export function getCustomGroups(signal?: AbortSignal): Promise<CustomGroups> {
  return apiGet('/api/user/customizeSortList', { type: CUSTOM_GROUP_TYPE }, decoder, { signal });
}

export const CUSTOM_GROUPS_KEY = [...LIST_QUERY_ROOT, 'groups'] as const;

export function useCustomGroups() {
  return useQuery({ queryKey: CUSTOM_GROUPS_KEY, queryFn: ({ signal }) => getCustomGroups(signal) });
}

/** POST /api/user/addCustomizeSort. Quiet: the group limit opens the upgrade popup. */
export function addCustomGroup(themeName: string) {
  return apiPost('/api/user/addCustomizeSort', { type: CUSTOM_GROUP_TYPE, themeName }, done, { quiet: true });
}
/** POST /api/user/updateCustomizeSort: rename and/or move to position sortFlag (1-based). */
export function updateCustomGroup(id: number, change: { themeName?: string; sortFlag?: number }) {
  return apiPost('/api/user/updateCustomizeSort', { id, ...change }, done);
}
/** GET /api/user/delCustomizeSort. */
export function deleteCustomGroup(id: number) {
  return apiGet('/api/user/delCustomizeSort', { id }, done);
}
