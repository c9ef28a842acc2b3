import { HomeResult } from '../../components/not-found';

/** 403: the server refused the menu (GET /api/getMenuPrivilege answered −1 or allowed nothing). */
export function NoPermissionPage({ message }: { message: string }) {
  return <HomeResult status="403" title="无权访问" subTitle={message} home="/" />;
}
