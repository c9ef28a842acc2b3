/**
 * The spec's Chinese texts, kept once. Server answers and web validation both read them from here.
 * Texts marked (spec §N) are quoted from the specification; the others are ours, written where the spec
 * says a detail is not shown.
 */
export const Msg = {
  // §5 contact, phone, e-mail, password
  contactRequired: '手机号或邮箱不能为空!',
  contactInvalid: '手机号或者邮箱格式不正确!',
  phoneRequired: '手机号不能为空!',
  phoneInvalid: '手机号格式不正确!',
  emailRequired: '邮箱不能为空!',
  emailInvalid: '邮箱格式不正确!',
  passwordRequired: '密码不能为空!',
  passwordTooShort: '密码不能少于6位数!',
  passwordTooLong: '密码不能超过128位',
  passwordMismatch: '两次密码不一致!',
  checkCodeRequired: '图像验证码不能为空',
  verifyCodeRequired: '验证码不能为空',
  identityRequired: '为了您更好体验，请选择身份标签',
  // login form (§5: messages for this form not shown separately)
  loginnameRequired: '请输入手机号或邮箱',
  loginpwdRequired: '请输入密码',
  loginFailed: '账号或密码错误',
  loginLocked: '登录失败次数过多，请10分钟后再试',
  /** an operator disabled the account (console, migration 0070) */
  accountDisabled: '该账号已被停用，请联系客服',
  // captcha and SMS (ours)
  checkCodeWrong: '图像验证码错误或已失效，请刷新后重试',
  smsTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsSent: '验证码已发送',
  smsTypeInvalid: '验证码类型不正确',
  verifyCodeWrong: '短信验证码错误或已失效',
  phoneTaken: '该手机号已注册，请直接登录',
  phoneNotRegistered: '该手机号尚未注册',
  registerOk: '注册成功',
  loginOk: '登录成功',
  logoutOk: '已退出登录',
  // §8 session
  kickedOut: '您的账号在其他设备商登录，此设备登录状态已退出；',
  sessionExpired: '登录状态已失效，请重新登录',
  notSignedIn: '请先登录',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedText: 'Authorization verification failed',
  forbiddenTitle: 'Forbidden',
  signStale: '请求已过期，请检查设备时间后重试',
  signInvalid: '请求签名校验失败',
  // §6 membership
  subAccountBlocked: '当前为子账号身份，升级续费前需主动或者被动解除绑定；',
  upgradeTitle: '开通会员，即可订阅服务',
  exportBlocked: '开通会员，即可使用导出功能',
  // §5 / §8 search and creators
  keywordRequired: '请输入搜索内容',
  keywordTooLong: 'UP主名称搜索需少于20个字',
  kolNotFound: '未找到相关UP主',
  kolNotFoundDetail: 'UID或者链接输入有误，请重新输入',
  kolIdInvalid: 'UP主编号不正确',
  // generic
  ok: '成功',
  badRequest: '请求参数有误',
  notFound: '请求的资源不存在',
  serverError: '服务器开小差了，请稍后再试',
  tooManyRequests: '操作过于频繁，请稍后再试',
  // the one input rule of every text parameter (ours; packages/shared/src/validation.ts)
  textInvalid: '输入内容包含不支持的字符，请检查后重新输入',
  textTooLong: '输入内容过长，请删减后重新输入',
  /** ours: the database is away (restart, maintenance); HTTP 503 */
  serviceUnavailable: '服务暂时不可用，请稍后再试',
  /** ours: a discovery read ran past READ_STATEMENT_TIMEOUT_MS and was cancelled; HTTP 503 */
  queryTimeout: '查询超时，请缩小筛选范围或稍后再试',
  qrExpired: '二维码已失效',
  // accounts: SMS limits, menus (ours)
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  smsSendFailed: '短信发送失败，请稍后再试',
  menuForbidden: '当前账号无权访问该菜单',
} as const;
export type MsgKey = keyof typeof Msg;

/** Sign-in after repeated failures of the account (ours): the next attempt must wait this many seconds. */
export function loginWaitMessage(seconds: number): string {
  return `登录失败次数过多，请${Math.max(1, Math.ceil(seconds))}秒后再试`;
}
