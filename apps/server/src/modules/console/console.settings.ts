import { z } from 'zod';
import { isCleanText } from '@xg/shared';

/** The shape of each console-edited setting (content_settings, migration 0050). */
const clean = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => isCleanText(v, true));
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
  landing: z.object({
    marketDataCus: z.object({ title: clean(30), intro: clean(500) }),
    customPage: z.object({ title: clean(30), intro: clean(500) }),
  }),
} as const;
