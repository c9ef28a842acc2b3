/**
 * The danmaku XML (`comment.bilibili.com/<cid>.xml` = `x/v1/dm/list.so?oid=<cid>`):
 * `<i>…<d p="time,mode,size,color,ctime,pool,midHash,dmid[,weight]">text</d>…</i>`, time in seconds
 * (float). A small dedicated reader: the format is flat and fixed, so no XML library is needed; text and
 * attributes are entity-decoded.
 */
import type { DanmakuRecord } from '../records.js';
import { decodeEntities } from './common.js';

export class DanmakuXmlError extends Error {
  override name = 'DanmakuXmlError';
}

const D_ELEMENT = /<d\s+p="([^"]*)"\s*>([\s\S]*?)<\/d>|<d\s+p="([^"]*)"\s*\/>/g;

export function parseDanmakuXml(xml: string): DanmakuRecord[] {
  if (!/<i[\s>]/.test(xml) || !/<\/i>\s*$/.test(xml)) {
    throw new DanmakuXmlError('not a complete danmaku document (no <i>…</i> root)');
  }
  const out: DanmakuRecord[] = [];
  for (const m of xml.matchAll(D_ELEMENT)) {
    const p = decodeEntities(m[1] ?? m[3] ?? '').split(',');
    if (p.length < 8) throw new DanmakuXmlError(`danmaku p attribute has ${p.length} fields: ${p.join(',')}`);
    const [time, mode, size, color, ctime, pool, midHash, dmid, weight] = p;
    if ([time, mode, size, color, ctime, pool].some((v) => v === undefined || v === '' || Number.isNaN(Number(v)))) {
      throw new DanmakuXmlError(`danmaku p attribute is not numeric: ${p.join(',')}`);
    }
    out.push({
      progressMs: Math.round(Number(time) * 1000),
      mode: Number(mode),
      fontSize: Number(size),
      color: Number(color),
      ctime: Number(ctime),
      pool: Number(pool),
      midHash: midHash ?? '',
      dmid: dmid ?? '',
      weight: weight === undefined || weight === '' ? null : Number(weight),
      text: decodeEntities(m[2] ?? ''),
    });
  }
  return out;
}
