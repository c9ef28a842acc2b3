import { useEffect } from 'react';
import { PageLoading } from '../components/page-loading';
import { useAppNavigate, type AppLocation } from '../lib/use-app-navigate';

/** Replaces the current entry with `to` (through the app navigate, so the version field is added). */
export function Redirect({ to }: { to: AppLocation }) {
  const navigate = useAppNavigate();
  const { pathname, search, hash } = to;
  useEffect(() => {
    navigate({ pathname, search, hash }, { replace: true });
  }, [navigate, pathname, search, hash]);
  return <PageLoading tip="正在跳转…" />;
}
