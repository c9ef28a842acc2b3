import { PayType } from '@xg/shared';
import type { PaymentSettings } from '../../config.js';
import { AlipayProvider } from './alipay.js';
import type { FetchLike, PaymentProvider, ProviderName } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox.js';
import { WechatPayProvider } from './wechatpay.js';

export interface PaymentProviders {
  /** the provider that takes `payType` (1 Alipay, 2 WeChat); null when it is not configured */
  forPayType(payType: number): PaymentProvider | null;
  byName(name: ProviderName): PaymentProvider | null;
  /** set in sandbox mode: the pay page's provider */
  sandbox: SandboxPaymentProvider | null;
}

/**
 * Sandbox mode: both pay types go through the sandbox (its pay page tells which one was chosen). Live mode:
 * Alipay and WeChat Pay, each when configured. Keys are parsed here, so a bad key fails at boot.
 */
export function createPaymentProviders(settings: PaymentSettings, fetchImpl?: FetchLike): PaymentProviders {
  if (settings.mode === 'sandbox') {
    const sandbox = new SandboxPaymentProvider(settings.publicBaseUrl);
    return {
      forPayType: (payType) => (payType === PayType.ALIPAY || payType === PayType.WECHAT ? sandbox : null),
      byName: (name) => (name === 'sandbox' ? sandbox : null),
      sandbox,
    };
  }
  const alipay = settings.alipay ? new AlipayProvider(settings.alipay, fetchImpl) : null;
  const wechatpay = settings.wechatpay ? new WechatPayProvider(settings.wechatpay, fetchImpl) : null;
  return {
    forPayType: (payType) => (payType === PayType.ALIPAY ? alipay : payType === PayType.WECHAT ? wechatpay : null),
    byName: (name) => (name === 'alipay' ? alipay : name === 'wechatpay' ? wechatpay : null),
    sandbox: null,
  };
}

export type { PaymentProvider, ProviderName } from './payment-provider.js';
