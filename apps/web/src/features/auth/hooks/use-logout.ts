import { useCallback } from 'react';
import { Msg } from '@xg/shared';
import { endSessionByUser } from '../../../lib/session';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { logout } from '../api/logout';
import { useApp } from '../../../lib/use-app';

/** Reload delay after a user logout (§4). */
const LOGOUT_RELOAD_MS = 500;

/**
 * Logout (§4): asks for confirmation, calls GET /api/logout, clears the token, user info and local storage,
 * goes to /index and reloads after 500 ms.
 */
export function useLogout() {
  const { modal, message } = useApp();
  const navigate = useAppNavigate();
  return useCallback(() => {
    modal.confirm({
      title: '退出登录',
      content: '确定退出登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await logout();
        } catch (error) {
          console.warn('[auth] logout call failed; signing out locally', error);
        }
        endSessionByUser();
        navigate({ pathname: '/index' });
        void message.success(Msg.logoutOk);
        window.setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
      },
    });
  }, [modal, message, navigate]);
}
