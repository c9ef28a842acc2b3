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
export type ConsoleArea = 'content' | 'feedback' | 'orders' | 'audit';
export const AREA_ROLES: Record<ConsoleArea, readonly OperatorRole[]> = {
  content: ['content', 'admin'],
  feedback: ['service', 'admin'],
  orders: ['finance', 'admin'],
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
  newsMissing: '内容报告不存在',
  feedbackMissing: '反馈不存在',
  replyEmpty: '请输入回复内容',
  userMissing: '用户不存在',
  orderGranted: '已确认到账并开通会员',
  settingInvalid: '设置内容格式不正确',
  saved: '保存成功',
  deleted: '删除成功',
  replied: '回复成功',
} as const;
