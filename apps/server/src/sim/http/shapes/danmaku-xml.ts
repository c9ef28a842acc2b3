/**
 * The danmaku XML list (x/v1/dm/list.so?oid=<cid>, comment.bilibili.com/<cid>.xml), laid out like
 * danmaku_xml_list.xml: the header elements, then `<d p="progress,mode,size,color,ctime,pool,midHash,dmid">`.
 */
import { danmakuOfPage, maxLimit, pageDuration } from '../../world/danmaku.js';
import type { SimVideo } from '../../world/video-model.js';
import type { SimWorld } from '../../world/world.js';

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

function header(cid: number, maxlimit: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<i>\n' +
    '    <chatserver>chat.bilibili.com</chatserver>\n' +
    `    <chatid>${cid}</chatid>\n` +
    '    <mission>0</mission>\n' +
    `    <maxlimit>${maxlimit}</maxlimit>\n` +
    '    <state>0</state>\n' +
    '    <real_name>0</real_name>\n' +
    '    <source>k-v</source>\n'
  );
}

export function danmakuXml(world: SimWorld, v: SimVideo, page: number, cid: number, t: number): string {
  const limit = maxLimit(pageDuration(v));
  const rows = danmakuOfPage(world, v, page, t, limit).map(
    (d) =>
      `    <d p="${d.progress.toFixed(5)},${d.mode},${d.fontSize},${d.color},${Math.floor(d.ctimeMs / 1000)},${d.pool},${d.midHash},${d.dmid}">${escapeXml(d.text)}</d>\n`,
  );
  return `${header(cid, limit)}${rows.join('')}</i>\n`;
}

/** The answer for a cid that does not exist: an empty pool. */
export function emptyDanmakuXml(cid: number): string {
  return `${header(cid, 0)}</i>\n`;
}
