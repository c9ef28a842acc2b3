import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { perMinute } from './rate-limiter.js';
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
  const limit = {
    gologin: perMinute(AUTH_RATE_LIMITS.gologin),
    goregister: perMinute(AUTH_RATE_LIMITS.goregister),
    forgetpwd: perMinute(AUTH_RATE_LIMITS.forgetpwd),
    bindAccount: perMinute(AUTH_RATE_LIMITS.bindAccount),
    smsVerifyCode: perMinute(AUTH_RATE_LIMITS.smsVerifyCode),
    emailVerifyCode: perMinute(AUTH_RATE_LIMITS.emailVerifyCode),
  };

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

  app.post(
    '/api/smsVerifyCode',
    doc({
      tag: 'auth',
      summary: '发送短信验证码（type 1 注册，2 找回密码，8 绑定）',
      body: SmsVerifyCodeParams,
      auth: 'public',
    }),
    async (request) => {
      limit.smsVerifyCode.enforce(request.ip);
      const params = parseParams(SmsVerifyCodeParams, request.body);
      await sms.send({ ...params, captchaId: request.cookies[CAPTCHA_COOKIE], ip: request.ip });
      return ok({}, Msg.smsSent);
    },
  );

  app.post(
    '/api/emailVerifyCode',
    doc({ tag: 'auth', summary: '发送邮箱验证码', body: EmailVerifyCodeParams, auth: 'public' }),
    async (request) => {
      limit.emailVerifyCode.enforce(request.ip);
      const params = parseParams(EmailVerifyCodeParams, request.body);
      await sms.sendEmail({
        email: params.email,
        checkCode: params.checkCode,
        captchaId: request.cookies[CAPTCHA_COOKIE],
        ip: request.ip,
      });
      return ok({}, AccountMsg.mailSent);
    },
  );

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

  app.post(
    '/api/goregister',
    doc({ tag: 'auth', summary: '手机号注册', body: RegisterParams, auth: 'public' }),
    async (request) => {
      limit.goregister.enforce(request.ip);
      const params = parseParams(RegisterParams, request.body);
      const { token, userInfo } = await auth.register(params, clientMeta(request));
      return ok({ user_token: token, userInfoMap: userInfo }, Msg.registerOk);
    },
  );

  app.post(
    '/api/gologin',
    doc({ tag: 'auth', summary: '账号密码登录', body: LoginParams, auth: 'public' }),
    async (request) => {
      limit.gologin.enforce(request.ip);
      const params = parseParams(LoginParams, request.body);
      const { token, userInfo } = await auth.login(params, clientMeta(request), request.cookies[CAPTCHA_COOKIE]);
      return ok({ user_token: token, userInfoMap: userInfo }, Msg.loginOk);
    },
  );

  app.post(
    '/api/forgetpwd',
    doc({ tag: 'auth', summary: '找回密码', body: ForgetPwdParams, auth: 'public' }),
    async (request) => {
      limit.forgetpwd.enforce(request.ip);
      const params = parseParams(ForgetPwdParams, request.body);
      await auth.forgotPassword(params);
      return ok({}, AccountMsg.resetPwdOk);
    },
  );

  app.post(
    '/api/bindAccount',
    doc({ tag: 'auth', summary: '扫码后绑定已有账号或新手机号', body: BindAccountParams, auth: 'public' }),
    async (request) => {
      limit.bindAccount.enforce(request.ip);
      const params = parseParams(BindAccountParams, request.body);
      const { token, userInfo } = await auth.bind(params, clientMeta(request));
      return ok({ user_token: token, userInfoMap: userInfo }, AccountMsg.bindOk);
    },
  );

  app.get('/api/logout', doc({ tag: 'auth', summary: '退出登录' }), async (request) => {
    const { sessionId } = await app.requireUser(request);
    await ctx.sessions.close(sessionId);
    return ok({}, Msg.logoutOk);
  });

  registerQrLoginRoutes(app, ctx, { qr, users });
}
