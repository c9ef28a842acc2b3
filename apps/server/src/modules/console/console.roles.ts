/** Operator roles of the console (issue #27). admin may do everything. */
export const OPERATOR_ROLES = ['content', 'service', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLE_LABELS: Record<OperatorRole, string> = {
  content: '内容编辑',
  service: '客服',
  finance: '财务',
  admin: '管理员',
};

/** Which roles may call an area's routes (admin always may). */
export type ConsoleArea =
  'content' | 'feedback' | 'orders' | 'prices' | 'quotas' | 'users' | 'pipeline' | 'analytics' | 'audit';
export const AREA_ROLES: Record<ConsoleArea, readonly OperatorRole[]> = {
  content: ['content', 'admin'],
  feedback: ['service', 'admin'],
  orders: ['finance', 'admin'],
  prices: ['finance', 'admin'],
  /** the tiers' monthly quotas (quota_rules): admin only */
  quotas: ['admin'],
  users: ['service', 'admin'],
  pipeline: ['service', 'admin'],
  analytics: ['content', 'finance', 'admin'],
  audit: ['admin'],
};

export function roleMay(role: OperatorRole, area: ConsoleArea): boolean {
  return AREA_ROLES[area].includes(role);
}

export const ConsoleMsg = {
  notOperator: '仅运营人员可访问',
  roleDenied: '您的角色无权进行此操作',
  totpRequired: '请先完成两步验证',
  totpSetupFirst: '请先绑定身份验证器',
  totpAlready: '已绑定身份验证器',
  totpInvalid: '验证码错误或已过期',
  totpReplayed: '该验证码已使用过，请等待身份验证器生成新的验证码',
  passwordRequired: '请先将运营账号密码修改为强密码',
  passwordWrong: '当前密码不正确',
  passwordSaved: '密码已修改',
  newsMissing: '内容报告不存在',
  feedbackMissing: '反馈不存在',
  replyEmpty: '请输入回复内容',
  userMissing: '用户不存在',
  orderGranted: '已确认到账并开通会员',
  settingInvalid: '设置内容格式不正确',
  popupInvalid: '弹窗内容格式不正确：需要 title 与 blocks（text / image / button，按钮动作 closeModal / nav / open）',
  answerTypeMissing: '问题分类不存在',
  answerMissing: '问题不存在',
  tutorialMissing: '教程视频不存在',
  tutorialDuplicate: '已有同名教程视频',
  popupMissing: '弹窗不存在',
  priceMissing: '价格选项不存在',
  priceAboveOriginal: '售价不能高于原价',
  menuMissing: '菜单不存在',
  subAccountTier: '子账号的会员跟随主账号，请操作主账号',
  selfDisable: '不能停用自己的账号',
  freeVipMissing: '申请不存在',
  freeVipDecided: '该申请已处理',
  freeVipApproved: '已通过申请并开通企业版试用',
  freeVipRejected: '已拒绝申请',
  extended: '会员已调整',
  disabled: '账号已停用',
  enabled: '账号已恢复',
  unlocked: '已解除登录锁定',
  retried: '已重新排队',
  saved: '保存成功',
  deleted: '删除成功',
  replied: '回复成功',
  published: '已发布',
  unpublished: '已下线',
} as const;
