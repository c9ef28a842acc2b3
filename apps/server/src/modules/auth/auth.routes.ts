import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AccountMsg,
  BindAccountParams,
  EmailVerifyCodeParams,
  ForgetPwdParams,
  LoginParams,
  MailOutboxParams,
  Msg,
  RegisterParams,
  SmsOutboxParams,
  SmsVerifyCodeParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { readMailOutbox } from '../../providers/mail/index.js';
import { createWechatProvider } from '../../providers/wechat/index.js';
import { UserRepository } from '../user/user.repository.js';
import { UserService } from '../user/user.service.js';
import { AuthService } from './auth.service.js';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_SECONDS, createCaptchaService } from './captcha.service.js';
import { clientMeta } from './client-meta.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { QrLoginService } from './qr-login.service.js';
import { registerQrLoginRoutes } from './qr-login.routes.js';
import { perMinute, type FixedWindowLimiter } from './rate-limiter.js';
import { createSmsService } from './sms.service.js';
import { doc } from '../../lib/route-doc.js';

/**
 * Requests per client IP per minute on the anonymous auth endpoints (in process memory: a coarse guard in
 * front of the per-account lockout and the per-phone/IP SMS caps, which live in the database).
 */
export const AUTH_RATE_LIMITS = {
  gologin: 60,
  goregister: 30,
  forgetpwd: 30,
  bindAccount: 30,
  smsVerifyCode: 30,
  emailVerifyCode: 30,
} as const;
type AuthRoute = keyof typeof AUTH_RATE_LIMITS;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Whether a request comes from this machine: its TCP peer and its client IP (X-Forwarded-For) are loopback. */
export function isLocalRequest(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

/**
 * Account and session calls of spec §7.1: image captcha, SMS and e-mail codes, register, sign-in,
 * forgot password, bind, sign-out, the QR sign-in (qr-login.routes.ts), and the sandbox outboxes
 * (registered only in sandbox mode, so they are a plain 404 otherwise).
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const users = new UserRepository(ctx.db);
  const userService = new UserService(users);
  const captchas = createCaptchaService(ctx.db);
  const sms = createSmsService(ctx, app.log);
  const qr = new QrLoginService(ctx.db, createWechatProvider(ctx.config), ctx.sessions, userService, app.log);
  const auth = new AuthService({
    db: ctx.db,
    users,
    userService,
    sms,
    sessions: ctx.sessions,
    throttle: new LoginThrottleRepository(ctx.db),
    captchas,
    qr,
  });
  const limit = {} as Record<AuthRoute, FixedWindowLimiter>;
  for (const name of Object.keys(AUTH_RATE_LIMITS) as AuthRoute[]) limit[name] = perMinute(AUTH_RATE_LIMITS[name]);
  /** An anonymous POST /api/<name>: that name's per-IP limit, then the body read by `schema`. */
  const publicPost = <S extends z.ZodType>(
    name: AuthRoute,
    summary: string,
    schema: S,
    handle: (params: z.infer<S>, request: FastifyRequest) => Promise<Record<string, unknown>>,
  ) =>
    app.post(`/api/${name}`, doc({ tag: 'auth', summary, body: schema, auth: 'public' }), async (request) => {
      limit[name].enforce(request.ip);
      return handle(parseParams(schema, request.body), request);
    });
  /** The answer of a call that opens a session (register, sign-in, bind). */
  const signedIn = (session: { token: string; userInfo: unknown }, message: string) =>
    ok({ user_token: session.token, userInfoMap: session.userInfo }, message);

  app.get(
    '/api/valicode.jpg',
    doc({ tag: 'auth', summary: '图形验证码图片', auth: 'public', produces: 'image' }),
    async (request, reply) => {
      const { id, image } = await captchas.issue({ ip: request.ip });
      void reply
        .setCookie(CAPTCHA_COOKIE, id, {
          path: '/api',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: CAPTCHA_TTL_SECONDS,
        })
        .header('cache-control', 'no-store')
        .type('image/jpeg');
      return image;
    },
  );

  publicPost(
    'smsVerifyCode',
    '发送短信验证码（type 1 注册，2 找回密码，8 绑定）',
    SmsVerifyCodeParams,
    async (params, request) => {
      await sms.send({ ...params, captchaId: request.cookies[CAPTCHA_COOKIE], ip: request.ip });
      return ok({}, Msg.smsSent);
    },
  );

  publicPost('emailVerifyCode', '发送邮箱验证码', EmailVerifyCodeParams, async (params, request) => {
    await sms.sendEmail({
      email: params.email,
      checkCode: params.checkCode,
      captchaId: request.cookies[CAPTCHA_COOKIE],
      ip: request.ip,
    });
    return ok({}, AccountMsg.mailSent);
  });

  if (ctx.config.sandbox) {
    // The outboxes show every code, so they answer only on this machine (issue #14): the TCP peer and, behind a
    // trusted proxy, the client must be loopback — the same people who can read the server log, where the
    // codes are printed too. Anyone else gets the 404 of a server without a sandbox.
    app.get(
      '/api/sandbox/smsOutbox',
      doc({ tag: 'auth', summary: '沙箱：最近发出的短信验证码（仅本机）', query: SmsOutboxParams, auth: 'local' }),
      async (request) => {
        if (!isLocalRequest(request)) throw AppError.notFound();
        const { phone } = parseParams(SmsOutboxParams, request.query);
        return ok({ list: await sms.outbox(phone) });
      },
    );
    app.get(
      '/api/sandbox/mailOutbox',
      doc({ tag: 'auth', summary: '沙箱：最近发出的邮件（仅本机）', query: MailOutboxParams, auth: 'local' }),
      async (request) => {
        if (!isLocalRequest(request)) throw AppError.notFound();
        const { email } = parseParams(MailOutboxParams, request.query);
        return ok({ list: await readMailOutbox(ctx.db, email) });
      },
    );
  }

  publicPost('goregister', '手机号注册', RegisterParams, async (params, request) =>
    signedIn(await auth.register(params, clientMeta(request)), Msg.registerOk),
  );

  publicPost('gologin', '账号密码登录', LoginParams, async (params, request) =>
    signedIn(await auth.login(params, clientMeta(request), request.cookies[CAPTCHA_COOKIE]), Msg.loginOk),
  );

  publicPost('forgetpwd', '找回密码', ForgetPwdParams, async (params) => {
    await auth.forgotPassword(params);
    return ok({}, AccountMsg.resetPwdOk);
  });

  publicPost('bindAccount', '扫码后绑定已有账号或新手机号', BindAccountParams, async (params, request) =>
    signedIn(await auth.bind(params, clientMeta(request)), AccountMsg.bindOk),
  );

  app.get('/api/logout', doc({ tag: 'auth', summary: '退出登录' }), async (request) => {
    const { sessionId } = await app.requireUser(request);
    await ctx.sessions.close(sessionId);
    return ok({}, Msg.logoutOk);
  });

  registerQrLoginRoutes(app, ctx, { qr, users });
}
