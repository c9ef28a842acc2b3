import { z } from 'zod';
import { isCleanText } from '@xg/shared';

/** The shape of each console-edited setting (content_settings, migration 0050). */
const clean = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => isCleanText(v, true));
/** a single-line text (no line breaks) */
const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => isCleanText(v, false));
const qr = z.object({ name: clean(20), imgUrl: clean(200_000), text: clean(500) });

export const SETTING_SCHEMAS = {
  customerService: z.object({ qrs: z.array(qr).max(5), publicAccount: qr }),
  serveWarn: z.object({ enabled: z.boolean(), title: clean(30), text: clean(500) }),
  prize: z.object({
    enabled: z.boolean(),
    kind: z.literal('trial'),
    level: z.number().int().min(1).max(4),
    days: z.number().int().min(1).max(90),
    title: clean(30),
    text: clean(200),
  }),
  accessRecords: z.object({ retentionDays: z.number().int().min(1).max(3650) }),
  /** empty fields keep the configured value (README: PRODUCT_NAME, LOGO_URL, COMPANY_*) */
  branding: z.object({
    productName: line(30),
    productShortName: line(20),
    logoUrl: line(200_000),
    companyName: line(60),
    companyAddress: line(120),
    companyPhone: line(40),
    companyEmail: line(100),
    icp: line(60),
    license: line(60),
    publicSecurity: line(60),
  }),
  /** the payee of 对公转账 (bank-transfer.ts): shown to a user who chooses bank transfer; empty = not offered */
  bankAccount: z.object({ accountName: line(60), bankName: line(60), accountNo: line(40) }),
  landing: z.object({
    marketDataCus: z.object({ title: clean(30), intro: clean(500) }),
    customPage: z.object({ title: clean(30), intro: clean(500) }),
  }),
} as const;

/** A custom popup's layout (content.ts PopupLayout): what the public popup renders. */
const popupAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('closeModal') }),
  z.object({ type: z.literal('nav'), url: clean(300).refine((v) => v.startsWith('/')) }),
  z.object({ type: z.literal('open'), url: clean(300).refine((v) => /^https?:\/\//.test(v) || v.startsWith('/')) }),
]);
export const PopupLayoutSchema = z.object({
  title: clean(50).refine((v) => v.trim().length > 0),
  blocks: z
    .array(
      z.object({
        type: z.enum(['text', 'image', 'button']),
        text: z
          .string()
          .max(1000)
          .refine((v) => isCleanText(v, true))
          .optional(),
        src: clean(200_000).optional(),
        action: popupAction.optional(),
      }),
    )
    .min(1)
    .max(20),
});
