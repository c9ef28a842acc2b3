/**
 * Screen tour (issue #13): full-page screenshots of every public page and of every page of each demo account's
 * menu, at 1440 × 900 and 375 × 812, with what a person would notice recorded beside them (horizontal overflow,
 * console and page errors, failed /api answers, error texts on screen). The signed-in pages come from the
 * account's own GET /api/getMenu answer, read as the web reads it at sign-in, so the tour follows the real menu.
 *
 *   npm start                        # in one terminal (prints the demo accounts)
 *   npm run screens                  # BASE_URL, DEMO_PASSWORD, ACCOUNTS (comma-separated), OUT
 *
 * Writes OUT/<account>/<width>/<slug>.png and OUT/summary.md, and prints the summary. It reports, it does not
 * judge: look at the pictures.
 */
/* global document, window -- the callbacks of waitForFunction and evaluate run in the page */
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, launchChromium } from '../e2e/chromium.mjs';
import { PUBLIC_PATHS } from '@xg/shared';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo123456';
const ACCOUNTS = (process.env.ACCOUNTS ?? 'demo-free@example.com,demo-premium@example.com')
  .split(',')
  .map((login) => login.trim())
  .filter(Boolean);
const OUT = path.resolve(process.env.OUT ?? 'artifacts/screens');
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];
const SETTLE_MS = 20_000;

/** Hidden menu pages that need an id, by component key: reached by clicking the first link to them on this list page. */
const CLICK_FROM = { detail: 'upRank', videoDetail: 'hotVideo', topicDetail: 'hotSpot', activityDetail: 'hotActivity' };
/** Texts that should never be visible (matched in the page's rendered text). */
const ERROR_TEXT = /加载失败|出错|\b(?:Error|undefined|NaN|null)\b/g;

/** The menu's pages (groups left out, hidden pages kept), in menu order: the web's menuPages(). */
function menuPages(routes) {
  return routes.flatMap((r) => [...(r.component === 'layout' ? [] : [r]), ...menuPages(r.children ?? [])]);
}

const slugOf = (pathname) => pathname.replace(/^\//, '').replaceAll('/', '-') || 'root';

/** Collects what goes wrong on `page` into `log` (reset before each visit). */
function watch(page, log) {
  page.on('console', (msg) => {
    // Images from outside hosts fail on a machine without Internet: counted apart from the page's own errors
    if (msg.type() === 'error')
      (msg.text().startsWith('Failed to load resource') ? log.loads : log.console).push(msg.text());
  });
  page.on('pageerror', (error) => log.page.push(error.message));
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    const name = `${res.request().method()} ${url.pathname}`;
    if (res.status() !== 200) {
      log.api.push(`${name} → HTTP ${res.status()}`);
      return;
    }
    if (!(res.headers()['content-type'] ?? '').includes('json')) return;
    const body = await res.json().catch((error) => ({ code: `unreadable (${error.message})` }));
    if (body?.code === 200) return;
    // A tier gate (§6) answers −1 with the feature: expected, listed apart to check the page shows the upgrade prompt
    if (body?.feature) log.gates.push(`${name} → ${body.feature}`);
    else log.api.push(`${name} → code ${body?.code} ${body?.message ?? ''}`.trim());
  });
}

const newLog = () => ({ console: [], loads: [], page: [], api: [], gates: [], notes: [] });

/** Waits for network idle, no visible spinner or skeleton, every visible chart drawn; notes what never settled. */
async function settle(page, log) {
  const idle = () =>
    page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => log.notes.push('network not idle'));
  await idle();
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('.page-loading, .ant-spin-spinning, .ant-skeleton, [data-rendered]')].some(
          (el) => el.checkVisibility() && el.getAttribute('data-rendered') !== 'true' && !el.closest('.gate-overlay'),
        ),
      null,
      { timeout: SETTLE_MS },
    )
    .catch(() => log.notes.push('spinner or chart still loading'));
  await idle();
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Screenshot and measurements of the settled page. */
async function capture(page, log, account, width, slug) {
  await settle(page, log);
  const file = path.join(OUT, account, String(width), `${slug}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  const { overflow, text } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    text: document.body.innerText,
  }));
  const texts = [...text.matchAll(ERROR_TEXT)].map((m) =>
    text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12).replace(/\s+/g, ' '),
  );
  const seen = structuredClone(log); // what happened until now: the tab may go on logging until it closes
  return { slug, width, url: page.url().replace(BASE_URL, ''), overflow, texts: [...new Set(texts)], ...seen };
}

const failedRow = (slug, width, url, log, error) => ({
  slug,
  width,
  url,
  overflow: 0,
  texts: [],
  ...log,
  failed: error.message,
});

/** A fresh tab at `viewport`, its problems collected into the returned log. */
async function openTab(context) {
  const page = await context.newPage();
  const log = newLog();
  watch(page, log);
  return { page, log };
}

/** Opens `pathname` and captures it. */
async function visit(context, account, viewport, pathname) {
  const { page, log } = await openTab(context);
  try {
    await page.goto(`${BASE_URL}${pathname}`);
    return await capture(page, log, account, viewport.width, slugOf(pathname));
  } catch (error) {
    return failedRow(slugOf(pathname), viewport.width, pathname, log, error);
  } finally {
    await page.close();
  }
}

/** Opens the list page, clicks its first link to `detailPath` (in this tab or a new one) and captures the detail. */
async function clickThrough(context, account, viewport, listPath, detailPath) {
  const { page, log } = await openTab(context);
  const slug = slugOf(detailPath);
  let detail = page;
  try {
    await page.goto(`${BASE_URL}${listPath}`);
    await settle(page, log);
    Object.assign(log, newLog()); // from here on the detail's problems only
    const link = page.locator(`a[href*="${detailPath}?"]:visible`).first();
    if ((await link.getAttribute('target', { timeout: SETTLE_MS })) === '_blank') {
      [detail] = await Promise.all([context.waitForEvent('page'), link.click()]);
      watch(detail, log);
    } else {
      const clicked = await link.elementHandle();
      await Promise.all([page.waitForURL((url) => url.pathname === detailPath), link.click()]);
      // the router keeps the list on screen while the detail's code loads: wait until the list has gone
      await page.waitForFunction((el) => !el.isConnected, clicked, { timeout: SETTLE_MS });
    }
    const row = await capture(detail, log, account, viewport.width, slug);
    return { ...row, url: `${row.url} (from ${listPath})` };
  } catch (error) {
    return failedRow(slug, viewport.width, `${listPath} → ${detailPath}`, log, error);
  } finally {
    if (detail !== page) await detail.close();
    await page.close();
  }
}

/** Signs in on the sign-in screen as a user does and returns the menu the web received. */
async function signIn(page, login) {
  const menu = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/getMenu');
  await page.goto(`${BASE_URL}/login`);
  await page.getByPlaceholder('请输入手机号或邮箱').fill(login);
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const body = await (await menu).json();
  if (body.code !== 200) throw new Error(`GET /api/getMenu for ${login}: ${body.code} ${body.message}`);
  return body.menus;
}

/** Every page of `account` ('public': the public paths, signed out) at each viewport, one browser context each. */
async function tourAccount(browser, account) {
  const name = account.replace(/@.*/, '');
  const rows = [];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    try {
      let pages = PUBLIC_PATHS.map((pathname) => ({ path: pathname }));
      if (account !== 'public') {
        const start = await context.newPage();
        const menu = menuPages(await signIn(start, account));
        await start.close();
        const byKey = new Map(menu.map((r) => [r.component, r.path]));
        pages = menu.map((r) => ({
          path: r.path,
          from: CLICK_FROM[r.component] && byKey.get(CLICK_FROM[r.component]),
        }));
      }
      for (const p of pages) {
        const row = p.from
          ? await clickThrough(context, name, viewport, p.from, p.path)
          : await visit(context, name, viewport, p.path);
        rows.push(row);
        console.error(`${name} ${viewport.width} ${p.path}${row.failed ? ` FAILED: ${row.failed}` : ''}`);
      }
    } finally {
      await context.close();
    }
  }
  return rows;
}

const cell = (items) => {
  if (items.length === 0) return '';
  const first = items[0].replaceAll('|', '\\|').replace(/\s+/g, ' ').slice(0, 90);
  return items.length > 1 ? `${first} (+${items.length - 1})` : first;
};

function summary(tours) {
  const lines = [`# Screen tour of ${BASE_URL}`, '', `${new Date().toISOString()}; screenshots in ${OUT}`, ''];
  for (const { account, rows } of tours) {
    lines.push(`## ${account} (${rows.length} screens)`, '');
    lines.push(
      '| page | width | overflow px | console errors | failed loads | page errors | /api problems | tier gates | error texts | notes |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const notes = r.failed ? [`FAILED: ${r.failed}`, ...r.notes] : r.notes;
      const overflow = r.overflow > 0 ? `**${r.overflow}**` : '0';
      const cols = [r.url, r.width, overflow, cell(r.console), r.loads.length || '', cell(r.page), cell(r.api)];
      lines.push(`| ${[...cols, cell(r.gates), cell(r.texts), cell(notes)].join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (!fs.existsSync(CHROMIUM_PATH)) {
  process.stderr.write(
    `npm run screens needs Chromium at ${CHROMIUM_PATH} (CHROMIUM_PATH) and CJK fonts for the Chinese texts:\n` +
      '  sudo apt-get install chromium fonts-noto-cjk\n',
  );
  process.exit(1);
}
const browser = await launchChromium();
try {
  const tours = [];
  for (const account of ['public', ...ACCOUNTS]) tours.push({ account, rows: await tourAccount(browser, account) });
  const text = summary(tours);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'summary.md'), `${text}\n`);
  console.log(text);
} finally {
  await browser.close();
}
