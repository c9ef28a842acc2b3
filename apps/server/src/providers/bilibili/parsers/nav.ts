/**
 * `x/web-interface/nav` → WBI keys. Logged out the platform answers code −101 with `data.wbi_img` still
 * present; an answer under risk control carries only `data.v_voucher` (no keys) → null.
 */
import { z } from 'zod';
import { keyFromUrl, type WbiKeys } from '../wbi.js';

const NavData = z.object({
  wbi_img: z.object({ img_url: z.string(), sub_url: z.string() }).nullish(),
});

export function parseNavWbiKeys(data: unknown): WbiKeys | null {
  const d = NavData.parse(data ?? {});
  if (!d.wbi_img) return null;
  const imgKey = keyFromUrl(d.wbi_img.img_url);
  const subKey = keyFromUrl(d.wbi_img.sub_url);
  if (!/^[0-9a-zA-Z]{32}$/.test(imgKey) || !/^[0-9a-zA-Z]{32}$/.test(subKey)) return null;
  return { imgKey, subKey };
}

/** `x/frontend/finger/spi` → buvid3 (`data.b_3`), null when absent. */
export function parseSpiBuvid(data: unknown): string | null {
  const d = z.object({ b_3: z.string().nullish() }).parse(data ?? {});
  return d.b_3 && d.b_3.length > 0 ? d.b_3 : null;
}
