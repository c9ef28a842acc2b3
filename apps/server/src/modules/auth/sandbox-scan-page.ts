/**
 * The sandbox WeChat's "phone": a small Chinese page the sandbox QR encodes. It offers the two scans the
 * real official account produces: by a WeChat already bound to an account, or by a new WeChat user.
 */

export interface DemoContact {
  username: string;
  phone: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #ededed; margin: 0; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 18px; text-align: center; }
  .card { background: #fff; border-radius: 8px; padding: 16px; margin-bottom: 16px; }
  .note { color: #888; font-size: 13px; }
  label, select, input, button { display: block; width: 100%; box-sizing: border-box; font-size: 15px; }
  select, input { margin: 8px 0; padding: 8px; border: 1px solid #ccc; border-radius: 4px; }
  button { margin-top: 8px; padding: 10px; border: 0; border-radius: 4px; background: #07c160; color: #fff; }
  button.secondary { background: #576b95; }
  .result { text-align: center; font-size: 16px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function scanChoicePage(scene: string, demos: readonly DemoContact[]): string {
  const options = demos
    .map((d) => `<option value="${escapeHtml(d.phone)}">${escapeHtml(d.username)}（${escapeHtml(d.phone)}）</option>`)
    .join('');
  const action = '/api/sandbox/wechat/scan';
  return page(
    '模拟微信扫码',
    `<h1>模拟微信扫码（沙箱）</h1>
<p class="note">沙箱环境不连接微信。请选择扫码身份，完成后回到电脑网页，二维码状态会自动更新。</p>
<form class="card" method="post" action="${action}">
  <input type="hidden" name="scene" value="${escapeHtml(scene)}">
  <input type="hidden" name="mode" value="existing">
  <strong>以已有账号扫码</strong>
  <p class="note">模拟一个已绑定该账号的微信，扫码后直接登录。</p>
  <label for="pick">演示账号</label>
  <select id="pick" name="pick"><option value="">请选择</option>${options}</select>
  <label for="phone">或输入账号手机号</label>
  <input id="phone" name="phone" inputmode="numeric" maxlength="11" placeholder="手机号">
  <button type="submit">以已有账号扫码</button>
</form>
<form class="card" method="post" action="${action}">
  <input type="hidden" name="scene" value="${escapeHtml(scene)}">
  <input type="hidden" name="mode" value="new">
  <strong>新微信用户扫码</strong>
  <p class="note">模拟一个从未使用过本产品的微信，扫码后网页将转到注册或绑定账号。</p>
  <button class="secondary" type="submit">新微信用户扫码</button>
</form>`,
  );
}

export function scanResultPage(message: string, scene?: string): string {
  const back = scene
    ? `<p class="note"><a href="/api/sandbox/wechat/scan?scene=${encodeURIComponent(scene)}">返回重新选择</a></p>`
    : '';
  return page('模拟微信扫码', `<div class="card result"><p>${escapeHtml(message)}</p>${back}</div>`);
}
