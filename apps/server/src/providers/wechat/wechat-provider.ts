/**
 * WeChat QR sign-in through an official account (服务号). A provider makes the QR for a scene; scans come
 * back as event pushes (SCAN / subscribe, see event.ts) to POST /api/wechat/event, or, for the sandbox,
 * from its local scan page. Everything after the scan (tickets, taId, sessions) is the QR service's.
 * Nicknames: the platform stopped giving them to official accounts (user/info answers an empty nickname
 * since 2021), so a real scan is named 微信用户 plus the openid's last characters; the sandbox names its own.
 */
import { failsUnconfigured } from '../unconfigured.js';

export interface WechatQr {
  /** what the web puts in <img src>: a data-URL PNG (sandbox) or the official showqrcode URL */
  imgUrl: string;
  /** sandbox only: the local page the QR encodes */
  scanUrl?: string;
}

export interface CreateQrInput {
  /** 1–64 characters [A-Za-z0-9_-], unique per QR */
  scene: string;
  expireSeconds: number;
  /** this server's origin as the browser sees it (https://host), for sandbox links */
  origin: string;
}

export interface WechatProvider {
  readonly name: 'official' | 'sandbox';
  createQr(input: CreateQrInput): Promise<WechatQr>;
}

/** Chosen outside sandbox mode when the official account is not configured: QR sign-in is unavailable. */
export class UnconfiguredWechatProvider implements WechatProvider {
  readonly name = 'official';
  readonly createQr = failsUnconfigured(
    'no WeChat official account is configured (WECHAT_APP_ID / WECHAT_APP_SECRET / WECHAT_TOKEN)',
  );
}

/** Scene strings carry only these characters, so they are safe in URLs, XML and HTML alike. */
export const SCENE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
