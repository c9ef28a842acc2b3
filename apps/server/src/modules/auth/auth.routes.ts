import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginParams, Msg, RegisterParams, SmsOutboxParams, SmsVerifyCodeParams } from '@xg/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { createSmsProvider } from '../../providers/sms/index.js';
import { UserRepository } from '../user/user.repository.js';
import { UserService } from '../user/user.service.js';
import { AuthService, type ClientMeta } from './auth.service.js';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_SECONDS, createCaptchaService } from './captcha.service.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { SmsService } from './sms.service.js';

/**
 * Account and session calls of spec §7.1: image captcha, SMS code, register, sign-in, sign-out, and the
 * sandbox SMS outbox (registered only in sandbox mode, so it is a plain 404 otherwise).
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const users = new UserRepository(ctx.db);
  const userService = new UserService(users);
  const captchas = createCaptchaService(ctx.db);
  const provider = createSmsProvider(ctx.config, (line) => app.log.info(line));
  const sms = new SmsService(ctx.db, provider, captchas, users, app.log);
  const auth = new AuthService({
    users,
    userService,
    sms,
    sessions: ctx.sessions,
    throttle: new LoginThrottleRepository(ctx.db),
  });

  app.get('/api/valicode.jpg', async (request, reply) => {
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
  });

  app.post('/api/smsVerifyCode', async (request) => {
    const params = parseParams(SmsVerifyCodeParams, request.body);
    await sms.send({ ...params, captchaId: request.cookies[CAPTCHA_COOKIE], ip: request.ip });
    return ok({}, Msg.smsSent);
  });

  if (ctx.config.sandbox) {
    app.get('/api/sandbox/smsOutbox', async (request) => {
      const { phone } = parseParams(SmsOutboxParams, request.query);
      return ok({ list: await sms.outbox(phone) });
    });
  }

  app.post('/api/goregister', async (request) => {
    const params = parseParams(RegisterParams, request.body);
    const { token, userInfo } = await auth.register(params, clientMeta(request));
    return ok({ user_token: token, userInfoMap: userInfo }, Msg.registerOk);
  });

  app.post('/api/gologin', async (request) => {
    const params = parseParams(LoginParams, request.body);
    const { token, userInfo } = await auth.login(params, clientMeta(request));
    return ok({ user_token: token, userInfoMap: userInfo }, Msg.loginOk);
  });

  app.get('/api/logout', async (request) => {
    const { sessionId } = await app.requireUser(request);
    await ctx.sessions.close(sessionId);
    return ok({}, Msg.logoutOk);
  });
}

function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null };
}
