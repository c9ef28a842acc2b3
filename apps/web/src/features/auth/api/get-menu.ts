import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuAnswer, MenuMeta, MenuRoute } from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import {
  array,
  boolean,
  lazy,
  nullable,
  number,
  object,
  string,
  text,
  withDefault,
  type Decoder,
} from '../../../lib/decode';

const metaDecoder: Decoder<MenuMeta> = object<MenuMeta>({
  id: number,
  title: text,
  icon: nullable(string),
  tag: nullable(string),
  parentTitle: nullable(string),
});

const menuRouteDecoder: Decoder<MenuRoute> = object<MenuRoute>({
  path: string,
  name: text,
  component: text,
  redirect: nullable(string),
  hidden: withDefault(boolean, false),
  meta: metaDecoder,
  children: withDefault(
    lazy(() => array(menuRouteDecoder)),
    [],
  ),
});

export type MenuData = Pick<MenuAnswer, 'menus' | 'openMenus'>;

const menuAnswerDecoder: Decoder<MenuData> = object<MenuData>({
  menus: array(menuRouteDecoder),
  openMenus: text,
});

/** GET /api/getMenu → { menus, openMenus } (§2.5). */
export function getMenu(signal?: AbortSignal): Promise<MenuData> {
  return apiGet('/api/getMenu', undefined, menuAnswerDecoder, { signal });
}

export function menuQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['menu', token],
    queryFn: ({ signal }) => getMenu(signal),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

export function useMenu(token: string | null) {
  return useQuery(menuQueryOptions(token));
}
