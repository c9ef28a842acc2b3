import fs from 'node:fs';
import path from 'node:path';

/**
 * Server-side <title> and description of the public pages (§2.1), so a shared or indexed link shows the page's
 * own title before any script runs: the SPA's index.html with its <title> replaced and a description meta
 * added. A content report's detail takes its title and summary from the database.
 */
export interface PageHead {
  title: string;
  description: string;
}

/** The public pages' heads by path; `{name}` is the product name. */
export const PUBLIC_HEADS: Record<string, PageHead> = {
  '/index': {
    title: '{name} - B站UP主数据分析平台',
    description: '{name}：B站UP主搜索、排行榜、粉丝趋势、受众画像与对比报告，服务品牌方、广告代理、MCN与UP主。',
  },
  '/index2': {
    title: '{name} - B站UP主数据分析平台',
    description: '{name}：B站UP主搜索、排行榜、粉丝趋势、受众画像与对比报告。',
  },
  '/about': {
    title: '{name} - 关于我们',
    description: '了解{name}：专注B站创作者数据，服务品牌方、广告代理、MCN机构、UP主与学生。',
  },
  '/marketDataCus': {
    title: '{name} - 营销数据服务',
    description: '定制B站营销数据报告：行业投放复盘、竞品UP主投放监测、品牌声量与舆情分析。',
  },
  '/customPage': {
    title: '{name} - 视频推广账号涨粉',
    description: '视频号涨粉方案：选题诊断、同类UP主对标与投放组合建议。',
  },
  '/classroom/list': { title: '{name} - 内容报告', description: '{name}课堂：B站营销干货、行业报告与平台使用指南。' },
  '/squeezeUp': {
    title: '{name} - 找到适合投放的B站UP主',
    description: '按名称或UID搜索B站UP主，查看粉丝趋势、受众画像与商业报价参考，注册即可免费使用。',
  },
  '/squeezeRank': {
    title: '{name} - 本周B站涨粉榜',
    description: '每天更新的B站涨粉榜、粉丝榜与商业榜，第一时间发现正在崛起的UP主。',
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** index.html with `head`'s title and description (the description meta replaced or added). */
export function withHead(html: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const meta = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  let out = html.replace(/<title>[\s\S]*?<\/title>/, title);
  if (/<meta name="description"[^>]*>/.test(out)) out = out.replace(/<meta name="description"[^>]*>/, meta);
  else out = out.replace(title, `${title}\n    ${meta}`);
  return out;
}

/** The index.html of the web build, re-read when the file changes (a rebuild beside a running server). */
export function indexHtmlReader(webDist: string): () => string {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

export function headFor(pathname: string, productName: string): PageHead | null {
  const head = PUBLIC_HEADS[pathname];
  if (!head) return null;
  return {
    title: head.title.replaceAll('{name}', productName),
    description: head.description.replaceAll('{name}', productName),
  };
}
