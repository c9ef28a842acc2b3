import { MemberMsg, PAY_TYPE_LABELS, type OrderSummary } from '@xg/shared';

/**
 * The two small server-rendered pages of the payment area: the sandbox pay page (what the sandbox QR opens)
 * and the return page after Alipay (/api/notify/alipay_return). Plain HTML with escaped values; no script.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, productName: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} - ${escapeHtml(productName)}</title>
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f6fa; color: #1f2329; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px 24px; box-shadow: 0 4px 16px rgba(0,0,0,.06); }
  h1 { font-size: 20px; margin: 0 0 6px; }
  .note { color: #86909c; font-size: 13px; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: 88px 1fr; gap: 10px 8px; margin: 0 0 24px; font-size: 15px; }
  dt { color: #86909c; }
  dd { margin: 0; }
  .amount { color: #f53f3f; font-size: 22px; font-weight: 600; }
  .actions { display: flex; gap: 12px; }
  .actions form { flex: 1; }
  button { width: 100%; padding: 12px 0; font-size: 16px; border-radius: 8px; border: 1px solid #c9cdd4; background: #fff; cursor: pointer; }
  button.primary { background: #1677ff; border-color: #1677ff; color: #fff; }
  .result { font-size: 16px; margin: 0 0 16px; }
  a { color: #1677ff; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const STATUS_TEXT: Readonly<Record<OrderSummary['status'], string>> = {
  created: '待支付',
  paid: '已支付',
  closed: '已关闭',
  failed: '支付失败',
};

/** The sandbox pay page: the order, and 确认支付 / 取消 while it is open. `message` reports the last action. */
export function sandboxPayPage(
  productName: string,
  order: OrderSummary | undefined,
  message: string | null,
  now: Date,
  key = '',
): string {
  if (!order) {
    return layout(
      MemberMsg.sandboxTitle,
      productName,
      `<h1>${MemberMsg.sandboxTitle}</h1><p class="result">${escapeHtml(MemberMsg.orderNotFound)}</p>`,
    );
  }
  const open = order.status === 'created' && Date.parse(order.expireTime) > now.getTime();
  const status = order.status === 'created' && !open ? '已过期' : STATUS_TEXT[order.status];
  const orderNo = escapeHtml(order.orderNo);
  const actions = open
    ? `<div class="actions">
  <form method="post" action="/api/sandbox/pay/confirm"><input type="hidden" name="orderNo" value="${orderNo}"><input type="hidden" name="key" value="${escapeHtml(key)}"><button class="primary" type="submit">${MemberMsg.sandboxConfirm}</button></form>
  <form method="post" action="/api/sandbox/pay/cancel"><input type="hidden" name="orderNo" value="${orderNo}"><input type="hidden" name="key" value="${escapeHtml(key)}"><button type="submit">${MemberMsg.sandboxCancel}</button></form>
</div>`
    : '';
  const credit =
    order.credit > 0 ? `<dt>剩余时长折算</dt><dd>¥${order.credit.toFixed(2)}（支付后转为新版本时长）</dd>` : '';
  const body = `<h1>${MemberMsg.sandboxTitle}（${escapeHtml(PAY_TYPE_LABELS[order.payType] ?? '')}）</h1>
<p class="note">${MemberMsg.sandboxNote}</p>
${message ? `<p class="result" role="status">${escapeHtml(message)}</p>` : ''}
<dl>
  <dt>商品</dt><dd>${escapeHtml(`${productName} ${order.levelLabel}`)}</dd>
  <dt>购买时长</dt><dd>${order.monthNum}个月</dd>
  <dt>订单号</dt><dd>${orderNo}</dd>
  <dt>套餐价格</dt><dd>¥${order.price.toFixed(2)}</dd>
  ${credit}
  <dt>应付金额</dt><dd class="amount">¥${order.amount.toFixed(2)}</dd>
  <dt>订单状态</dt><dd>${status}</dd>
</dl>
<p class="note">${MemberMsg.virtualProductNote}</p>
${actions}`;
  return layout(MemberMsg.sandboxTitle, productName, body);
}

/** A pay link without its key (or with another order's): nothing about any order is shown. */
export function sandboxLinkInvalidPage(productName: string): string {
  return layout(
    MemberMsg.sandboxTitle,
    productName,
    `<h1>${MemberMsg.sandboxTitle}</h1><p class="result">${escapeHtml(MemberMsg.sandboxLinkInvalid)}</p>`,
  );
}

/** §7.2 /api/notify/alipay_return: where Alipay sends the payer back; the membership follows the notify. */
export function returnPage(productName: string): string {
  return layout(
    MemberMsg.returnTitle,
    productName,
    `<h1>${MemberMsg.returnTitle}</h1><p class="result">${MemberMsg.returnText}</p><p><a href="/member">${MemberMsg.returnLink}</a></p>`,
  );
}
