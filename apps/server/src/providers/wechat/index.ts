import type { AppConfig } from '../../config.js';
import { OfficialAccountProvider } from './official-account.js';
import { SandboxWechatProvider } from './sandbox-wechat.js';
import { UnconfiguredWechatProvider, type WechatProvider } from './wechat-provider.js';

export type { CreateQrInput, WechatProvider, WechatQr } from './wechat-provider.js';
export { SCENE_PATTERN } from './wechat-provider.js';

/**
 * Picks the WeChat provider: WECHAT_PROVIDER when set (config validation guarantees the official account's
 * keys, and SANDBOX=true for the sandbox); unset, the sandbox in sandbox mode, the official account when its
 * keys are set, otherwise none (getQRCode answers AccountMsg.qrUnavailable).
 */
export function createWechatProvider(config: Pick<AppConfig, 'sandbox' | 'accounts'>): WechatProvider {
  const settings = config.accounts.wechat;
  const configured = Boolean(settings.appId && settings.appSecret && settings.token);
  const chosen = settings.provider ?? (config.sandbox ? 'sandbox' : configured ? 'official' : null);
  if (chosen === 'sandbox' && config.sandbox) return new SandboxWechatProvider();
  if (chosen === 'official' && configured) return new OfficialAccountProvider(settings);
  return new UnconfiguredWechatProvider();
}
