/**
 * What the update modal says (§2.6: shown once per day). The notes describe this web release; edit them
 * with each release that users should hear about.
 */
export interface ReleaseNote {
  title: string;
  detail: string;
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  { title: '微信扫码登录', detail: '登录页支持微信扫码登录与扫码注册，首次扫码绑定手机号或邮箱即可。' },
  { title: '找回密码', detail: '忘记密码时可通过手机短信验证码重置。' },
  { title: '个人中心', detail: '可修改头像、封面、昵称、登录密码与绑定手机号，并查看邀请码与邀请人数。' },
  { title: '子账号', detail: '企业版及以上会员可创建子账号，团队成员共享会员权益与数据。' },
];
