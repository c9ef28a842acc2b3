import type { ApiEnvelope } from './codes.js';

/** User info of §3, as sent in `userInfoMap`. */
export interface UserInfo {
  id: number;
  username: string;
  userImage: string;
  userType: number;
  versionType: number;
  maturityTime: string | null;
  parentId: number | null;
  buyMonthNum: number;
  isOldPassword: number;
  thirdAccountInfo: { type: string; nickname: string } | null;
  phone: string | null;
  email: string | null;
}

export interface LoginAnswer extends ApiEnvelope {
  user_token: string;
  userInfoMap: UserInfo;
}
export interface UserInfoAnswer extends ApiEnvelope {
  userInfoMap: UserInfo;
}

export interface MenuMeta {
  id: number;
  title: string;
  icon: string | null;
  tag: string | null;
  parentTitle: string | null;
}
export interface MenuRoute {
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: boolean;
  meta: MenuMeta;
  children: MenuRoute[];
}
export interface MenuAnswer extends ApiEnvelope {
  menus: MenuRoute[];
  /** comma-separated paths of the groups open by default */
  openMenus: string;
}

/** The product's and the operator's names and licences: configured on the server, edited in the console. */
export interface SiteBranding {
  productName: string;
  productShortName: string;
  logoUrl: string;
  companyName: string;
  companyAddress: string;
  companyPhone: string;
  companyEmail: string;
  icp: string;
  license: string;
  publicSecurity: string;
}

export interface SiteConfig extends SiteBranding {
  version: string;
  /** the first customer-service QR image (an uploaded image or a drawn QR as a data URL; migration 0050) */
  customerServiceQrUrl: string;
  /** the public account's QR image */
  publicAccountQrUrl: string;
  /** the serve-warn flag (§2.6): 1 while the operator has it on */
  activityState: number;
  /** the serve-warn modal's title and text */
  serveWarnTitle: string;
  serveWarnText: string;
}
export interface SiteConfigAnswer extends ApiEnvelope {
  site: SiteConfig;
}

/** Creator search item of §3 plus what the result row shows. */
export interface CreatorSearchItem {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  isApprove: number;
  fansNum: number;
  themeName: string | null;
  /** the platform's user level 0–6; null when the platform did not send it (shown "-") */
  platformLevel: number | null;
}
export interface CreatorSearchAnswer extends ApiEnvelope {
  kolInfos: CreatorSearchItem[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface CreatorDetail extends CreatorSearchItem {
  sign: string;
  gender: number;
  approveTitle: string;
  organization: string | null;
  parentThemeName: string | null;
  isLive: number;
  liveRoomId: number | null;
  mainIndexUrl: string;
  /** null when the platform did not send it (shown "-") */
  followingNum: number | null;
  praiseNum: number;
  playNum: number;
  videoNum: number;
  indexNum: number;
  updateTime: string;
}
export interface CreatorDetailAnswer extends ApiEnvelope {
  kolInfo: CreatorDetail;
}

export interface TrendPoint {
  dataDate: string;
  fansNum: number;
  playNum: number;
  praiseNum: number;
}
export interface CreatorTrendAnswer extends ApiEnvelope {
  type: number;
  dayNum: number;
  trend: TrendPoint[];
}
