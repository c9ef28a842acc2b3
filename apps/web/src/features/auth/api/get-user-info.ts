/** The user-info call is app-wide (header, account centre, membership): it lives in lib/current-user. */
export { getUserInfo, useCurrentUser, userInfoQueryKey, userInfoQueryOptions } from '../../../lib/current-user';
