import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { array, boolean, number, object, type Decoder } from '../lib/decode';
import { useAccessToken } from '../lib/session';

export interface MenuPrivilege {
  menuId: number;
  allowed: boolean;
}

const privilegesDecoder: Decoder<{ privileges: MenuPrivilege[] }> = object({
  privileges: array(object<MenuPrivilege>({ menuId: number, allowed: boolean })),
});

/**
 * GET /api/getMenuPrivilege?menuId= (spec §2.5 "a permission check runs on the route meta id", §6 "Menu
 * privileges are also loaded per menuId"): the server's verdict on one menu for the signed-in user's tier. Asked
 * once per menu and session (kept 5 minutes), quietly: a refusal (code −1) is shown by the page, not as a toast.
 */
export function useMenuPrivilege(menuId: number) {
  const token = useAccessToken();
  return useQuery({
    queryKey: ['menuPrivilege', token, menuId],
    queryFn: ({ signal }) => apiGet('/api/getMenuPrivilege', { menuId }, privilegesDecoder, { signal, quiet: true }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Whether the server's answer allows the menu (an entry for it, allowed). */
export function privilegeAllows(privileges: readonly MenuPrivilege[], menuId: number): boolean {
  return privileges.some((p) => p.menuId === menuId && p.allowed);
}
