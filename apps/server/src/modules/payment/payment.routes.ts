import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfirmPayParams, MemberMsg, PayResultParams, PayType, SandboxPayParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { membershipServices } from '../membership/membership.services.js';
import { memberDb } from '../membership/membership.tables.js';
import { yuanToFen } from '../membership/pricing.js';
import { createPaymentProviders } from '../../providers/payment/index.js';
import type { ProviderName, RawNotify } from '../../providers/payment/payment-provider.js';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox.js';
import { closeExpiredOrders, CLOSE_EXPIRED_ORDERS_JOB } from './payment.jobs.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentService } from './payment.service.js';
import { returnPage, sandboxLinkInvalidPage, sandboxPayPage } from './pages.js';
import { doc } from '../../lib/route-doc.js';

export const ORDER_JOB_INTERVAL_MS = 60_000;
const NOTIFY_PROVIDERS: readonly ProviderName[] = ['alipay', 'wechatpay', 'sandbox'];
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * Payment (spec §4 payment flow, §7.2): confirmPay, payQuery, payResult, the providers' notify routes
 * (sign-exempt; they verify the provider's own signature), the Alipay return page and, in sandbox mode, the
 * sandbox pay page.
 */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { membership, users } = membershipServices(ctx);
  const providers = createPaymentProviders(ctx.config.membership.payment);
  if (
    ctx.config.membership.payment.mode === 'live' &&
    !providers.forPayType(PayType.ALIPAY) &&
    !providers.forPayType(PayType.WECHAT)
  ) {
    app.log.warn(
      'payment: live mode without ALIPAY_* or WECHATPAY_* settings; confirmPay answers that no pay type is available',
    );
  }
  const payments = new PaymentService(
    memberDb(ctx.db),
    new PaymentRepository(memberDb(ctx.db)),
    membership,
    users,
    providers,
    ctx.config.site.productName,
    app.log,
  );
  const productName = ctx.config.site.productName;

  app.post(
    '/api/pay/confirmPay',
    doc({ tag: 'payment', summary: '创建支付订单（返回二维码或 payResult）', body: ConfirmPayParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const params = parseParams(ConfirmPayParams, request.body);
      return ok({ ...(await payments.confirmPay(userId, params, requestOrigin(request))) });
    },
  );

  app.get(
    '/api/pay/payQuery',
    doc({ tag: 'payment', summary: '查询最近订单的支付结果（200 成功，202 未完成）' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const result = await payments.payQuery(userId);
      return result;
    },
  );

  app.get(
    '/api/pay/payResult',
    doc({ tag: 'payment', summary: '查询某个订单的状态', query: PayResultParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const { orderNo } = parseParams(PayResultParams, request.query);
      return ok({ order: await payments.payResult(userId, orderNo) });
    },
  );

  // Notifies: the body is kept as the exact text received, since signatures cover the raw bytes.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    for (const name of NOTIFY_PROVIDERS) {
      scope.post(
        `/api/notify/${name}`,
        doc({ tag: 'payment', summary: '支付渠道异步通知', auth: 'public' }),
        async (request, reply) => {
          const raw: RawNotify = {
            headers: stringHeaders(request),
            body: typeof request.body === 'string' ? request.body : '',
          };
          const ack = await payments.handleNotify(name, raw);
          return reply.status(ack.status).type(ack.contentType).send(ack.body);
        },
      );
    }
    done();
  });

  app.get(
    '/api/notify/alipay_return',
    doc({ tag: 'payment', summary: '支付宝同步返回页', auth: 'public', produces: 'html' }),
    (_request, reply) => {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(returnPage(productName));
    },
  );

  if (providers.sandbox) registerSandboxPayPage(app, payments, providers.sandbox, productName);

  if (ctx.config.env !== 'test') {
    const timer = setInterval(() => {
      closeExpiredOrders(ctx.db).then(
        (n) => {
          if (n) app.log.info({ job: CLOSE_EXPIRED_ORDERS_JOB, count: n }, 'unpaid orders closed');
        },
        (err: unknown) => app.log.error({ err, job: CLOSE_EXPIRED_ORDERS_JOB }, 'closing unpaid orders failed'),
      );
    }, ORDER_JOB_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
  }
}

/**
 * The sandbox pay page. Confirm and cancel make the sandbox play the provider: it signs a notify and posts
 * it to /api/notify/sandbox, the route real notifies take, then shows the order as that route left it.
 */
function registerSandboxPayPage(
  app: FastifyInstance,
  payments: PaymentService,
  sandbox: SandboxPaymentProvider,
  productName: string,
): void {
  const html = (reply: FastifyReply, page: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

  // Every sandbox page needs the order's link key (issue #14): without it, or with a wrong one, HTTP 403 and a
  // page that says nothing about any order.
  const keyed = (input: unknown): { orderNo: string; key: string } | null => {
    const params = SandboxPayParams.safeParse(input);
    return params.success && sandbox.checkLinkKey(params.data.orderNo, params.data.key) ? params.data : null;
  };
  const refuse = (reply: FastifyReply) => html(reply.status(403), sandboxLinkInvalidPage(productName));

  app.get(
    '/api/sandbox/pay',
    doc({ tag: 'payment', summary: '沙箱：模拟支付页面', auth: 'public', produces: 'html' }),
    async (request, reply) => {
      const link = keyed(request.query);
      if (!link) return refuse(reply);
      return html(
        reply,
        sandboxPayPage(productName, await payments.findOrder(link.orderNo), null, new Date(), link.key),
      );
    },
  );

  for (const action of ['confirm', 'cancel'] as const) {
    app.post(
      `/api/sandbox/pay/${action}`,
      doc({ tag: 'payment', summary: '沙箱：确认或取消模拟支付', auth: 'public', produces: 'html' }),
      async (request, reply) => {
        const link = keyed(request.body);
        if (!link) return refuse(reply);
        const { orderNo } = link;
        const order = await payments.findOrder(orderNo);
        let message: string | null = null;
        if (order && order.status === 'created') {
          const body = sandbox.signedNotify(
            { orderNo, amountFen: yuanToFen(order.amount) },
            action === 'confirm' ? 'paid' : 'closed',
          );
          const res = await app.inject({
            method: 'POST',
            url: '/api/notify/sandbox',
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            payload: body,
          });
          message =
            res.body === 'success'
              ? action === 'confirm'
                ? MemberMsg.sandboxPaid
                : MemberMsg.sandboxCancelled
              : MemberMsg.orderFailed;
        }
        return html(
          reply,
          sandboxPayPage(productName, await payments.findOrder(orderNo), message, new Date(), link.key),
        );
      },
    );
  }
}

/** scheme://host[:port] the client used (X-Forwarded-* when TRUST_PROXY is on). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function stringHeaders(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(request.headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
