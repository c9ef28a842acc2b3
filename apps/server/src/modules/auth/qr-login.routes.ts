import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AccountMsg, Msg, PHONE_PATTERN, QrCodeParams, QrStatusParams, text } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { ReplayCache } from '../../plugins/sign.js';
import { SCENE_PATTERN } from '../../providers/wechat/index.js';
import {
  WECHAT_PUSH_MAX_SKEW_SECONDS,
  checkWechatSignature,
  parseWechatXml,
  textReply,
  toScanEvent,
} from '../../providers/wechat/event.js';
import { PipelineService } from '../pipeline/pipeline.service.js';
import type { UserRepository } from '../user/user.repository.js';
import { clientMeta, requestOrigin } from './client-meta.js';
import type { QrLoginService } from './qr-login.service.js';
import { perMinute } from './rate-limiter.js';
import { scanChoicePage, scanResultPage } from './sandbox-scan-page.js';
import { doc } from '../../lib/route-doc.js';

/** Requests per minute: per client IP, and per sign for the status poll (the web polls once a second). */
export const QR_RATE_LIMITS = {
  getQRCode: 30,
  getQRCodeStatusPerIp: 600,
  getQRCodeStatusPerSign: 90,
  wechatEvent: 600,
  sandboxScan: 60,
} as const;

const PushQuery = z.object({
  signature: text(),
  timestamp: text(),
  nonce: text(),
  echostr: text().optional(),
});

const SandboxScanForm = z.object({
  scene: text().regex(SCENE_PATTERN),
  mode: z.enum(['existing', 'new']),
  pick: text().trim().optional(),
  phone: text().trim().optional(),
});

/**
 * QR sign-in (spec §4, §7.1): GET /api/getQRCode and /api/getQRCodeStatus for the web, the official
 * account's event push GET/POST /api/wechat/event (its own signature instead of the web's sign), and in
 * sandbox mode the scan page the sandbox QR encodes.
 */
export function registerQrLoginRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { qr: QrLoginService; users: UserRepository },
): void {
  const { qr, users } = deps;
  const limit = {
    getQRCode: perMinute(QR_RATE_LIMITS.getQRCode),
    statusPerIp: perMinute(QR_RATE_LIMITS.getQRCodeStatusPerIp),
    statusPerSign: perMinute(QR_RATE_LIMITS.getQRCodeStatusPerSign),
    wechatEvent: perMinute(QR_RATE_LIMITS.wechatEvent),
    sandboxScan: perMinute(QR_RATE_LIMITS.sandboxScan),
  };

  app.get(
    '/api/getQRCode',
    doc({
      tag: 'auth',
      summary: '获取扫码登录/注册二维码（flag 1 登录，2 注册）',
      query: QrCodeParams,
      auth: 'public',
    }),
    async (request) => {
      limit.getQRCode.enforce(request.ip);
      const { flag } = parseParams(QrCodeParams, request.query);
      return ok({ ...(await qr.issue(flag, requestOrigin(request), request.ip)) });
    },
  );

  app.get(
    '/api/getQRCodeStatus',
    doc({ tag: 'auth', summary: '轮询二维码状态', query: QrStatusParams, auth: 'public' }),
    async (request) => {
      limit.statusPerIp.enforce(request.ip);
      const { sign } = parseParams(QrStatusParams, request.query);
      limit.statusPerSign.enforce(sign);
      return ok({ ...(await qr.poll(sign, clientMeta(request))) });
    },
  );

  // The event push. WeChat retries a push it got no answer to (same timestamp and nonce): a repeat within the
  // signature's window is acknowledged without being handled again.
  const seenPushes = new ReplayCache(2 * WECHAT_PUSH_MAX_SKEW_SECONDS * 1000, 50_000);
  const token = ctx.config.accounts.wechat.token;
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    const eventDoc = () => doc({ tag: 'auth', summary: '微信公众号事件推送', auth: 'public', produces: 'xml' });
    // Both event routes: the per-IP limit, then the platform's signature over the query (HTTP 403 without it).
    const signedPush = (request: FastifyRequest) => {
      limit.wechatEvent.enforce(request.ip);
      const query = PushQuery.safeParse(request.query);
      if (!query.success || !checkWechatSignature(token, query.data)) throw AppError.forbidden(Msg.signInvalid);
      return query.data;
    };

    // The server-address check of the official account's settings: echo echostr when the signature holds.
    scope.get('/api/wechat/event', eventDoc(), async (request, reply) => {
      const echostr = signedPush(request).echostr ?? '';
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(echostr)) throw AppError.fail(Msg.badRequest);
      return reply.type('text/plain; charset=utf-8').send(echostr);
    });

    scope.post('/api/wechat/event', eventDoc(), async (request, reply) => {
      const { timestamp, nonce, signature } = signedPush(request);
      void reply.type('text/plain; charset=utf-8');
      if (!seenPushes.remember(`${timestamp}:${nonce}:${signature}`)) return 'success';
      const fields = typeof request.body === 'string' ? parseWechatXml(request.body) : null;
      if (!fields) throw AppError.fail(Msg.badRequest);
      const scan = toScanEvent(fields);
      if (!scan) return 'success'; // other messages and events are not ours to handle
      const outcome = await qr.handleScan({
        openid: scan.openid,
        scene: scan.scene,
        nickname: '',
        provider: 'official',
      });
      const content = outcome === 'scanned' ? AccountMsg.qrScanned : AccountMsg.qrScanExpired;
      return reply
        .type('application/xml; charset=utf-8')
        .send(textReply({ toUser: scan.openid, fromAccount: scan.account, content }));
    });
    registered();
  });

  if (!ctx.config.sandbox || qr.providerName !== 'sandbox') return;

  // Sandbox: the page the sandbox QR encodes (a phone on the LAN, or a click in the demo) ------------------
  const operators = new PipelineService(ctx.db, ctx.config);
  const scanDoc = () => doc({ tag: 'auth', summary: '沙箱：模拟微信扫码页面', auth: 'public', produces: 'html' });
  /** Both scan routes: the per-IP limit, then an HTML page that is never cached. */
  const scanPage = (request: FastifyRequest, reply: FastifyReply) => {
    limit.sandboxScan.enforce(request.ip);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  };
  app.get('/api/sandbox/wechat/scan', scanDoc(), async (request, reply) => {
    scanPage(request, reply);
    const scene = z.object({ scene: text().regex(SCENE_PATTERN) }).safeParse(request.query);
    if (!scene.success) return reply.status(400).send(scanResultPage(AccountMsg.qrScanExpired));
    if (!(await qr.isWaiting(scene.data.scene))) return scanResultPage(AccountMsg.qrScanExpired);
    const contacts = [];
    for (const contact of await users.listDemoContacts()) {
      const id = await users.findIdByPhone(contact.phone);
      if (id !== undefined && !(await operators.isOperator(id))) contacts.push(contact);
    }
    return scanChoicePage(scene.data.scene, contacts);
  });

  app.post('/api/sandbox/wechat/scan', scanDoc(), async (request, reply) => {
    scanPage(request, reply);
    const form = SandboxScanForm.safeParse(request.body);
    if (!form.success) return reply.status(400).send(scanResultPage(AccountMsg.qrScanExpired));
    const { scene, mode } = form.data;
    let outcome: 'scanned' | 'expired';
    if (mode === 'new') {
      outcome = await qr.sandboxScanAsNew(scene);
    } else {
      const phone = form.data.phone || form.data.pick || '';
      if (!PHONE_PATTERN.test(phone)) return scanResultPage(Msg.phoneInvalid, scene);
      const userId = await users.findIdByPhone(phone);
      if (userId === undefined) return scanResultPage(Msg.phoneNotRegistered, scene);
      // operators (OPERATOR_USER_IDS, the sandbox's demo-premium) are not reachable through the sandbox
      if (await operators.isOperator(userId)) return scanResultPage(AccountMsg.sandboxScanOperator, scene);
      outcome = await qr.sandboxScanAsUser(scene, userId, phone);
    }
    return scanResultPage(outcome === 'scanned' ? AccountMsg.qrScanned : AccountMsg.qrScanExpired);
  });
}
