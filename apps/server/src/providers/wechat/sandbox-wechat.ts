import QRCode from 'qrcode';
import type { CreateQrInput, WechatProvider, WechatQr } from './wechat-provider.js';

/** The sandbox's scan page: /api/sandbox/wechat/scan?scene=… (a phone on the LAN, or a click in the demo). */
export function sandboxScanPath(scene: string): string {
  return `/api/sandbox/wechat/scan?scene=${encodeURIComponent(scene)}`;
}

/**
 * Sandbox WeChat (ARCHITECTURE §7): the QR is a real QR code (PNG data URL) of a local page that simulates
 * the phone: scan as an existing account, or as a new WeChat user. Nothing leaves the machine.
 */
export class SandboxWechatProvider implements WechatProvider {
  readonly name = 'sandbox';

  async createQr({ scene, origin }: CreateQrInput): Promise<WechatQr> {
    const scanUrl = `${origin}${sandboxScanPath(scene)}`;
    const imgUrl = await QRCode.toDataURL(scanUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { imgUrl, scanUrl };
  }
}
