import type { FastifyInstance } from 'fastify';
import {
  AccountMsg,
  Msg,
  SendNewPhoneCodeParams,
  SetCoverImageParams,
  UpdatePhoneParams,
  UpdateProfileParams,
  UpdatePwdParams,
  VerifyOldPhoneParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { CAPTCHA_COOKIE } from '../auth/captcha.service.js';
import { requestOrigin } from '../auth/client-meta.js';
import { LoginThrottleRepository } from '../auth/login-throttle.repository.js';
import { perMinute } from '../auth/rate-limiter.js';
import { createSmsService } from '../auth/sms.service.js';
import { UserRepository } from '../user/user.repository.js';
import { UserService } from '../user/user.service.js';
import { AccountService } from './account.service.js';
import { presetAvatarSvg, presetCoverSvg } from './preset-images.js';
import { doc } from '../../lib/route-doc.js';

/** Requests per signed-in user per minute. */
export const ACCOUNT_RATE_LIMITS = { profile: 30, updatepwd: 10, phone: 10, invite: 60 } as const;

/**
 * The account centre (/account, spec §2.5, §7.1): account info with the preset pictures, profile, cover,
 * password (isOldPassword flow), phone change (sendOldPhoneCode → verifyOldPhone → sendNewPhoneCode →
 * updatePhone), the invite code; and the preset pictures themselves (GET /api/assets/…, unsigned: <img>).
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const users = new UserRepository(ctx.db);
  const userService = new UserService(users);
  const account = new AccountService({
    db: ctx.db,
    users,
    userService,
    sms: createSmsService(ctx, app.log),
    throttle: new LoginThrottleRepository(ctx.db),
  });
  const limit = {
    profile: perMinute(ACCOUNT_RATE_LIMITS.profile),
    updatepwd: perMinute(ACCOUNT_RATE_LIMITS.updatepwd),
    phone: perMinute(ACCOUNT_RATE_LIMITS.phone),
    invite: perMinute(ACCOUNT_RATE_LIMITS.invite),
  };

  app.get('/api/user/accountInfo', doc({ tag: 'account', summary: '个人中心：账号信息' }), async (request) => {
    const { userId } = await app.requireUser(request);
    limit.profile.enforce(userId);
    return ok({ ...(await account.accountInfo(userId)) });
  });

  app.post(
    '/api/user/updateProfile',
    doc({ tag: 'account', summary: '个人中心：修改资料', body: UpdateProfileParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.profile.enforce(userId);
      const params = parseParams(UpdateProfileParams, request.body);
      return ok({ userInfoMap: await account.updateProfile(userId, params) }, AccountMsg.updateOk);
    },
  );

  app.post(
    '/api/user/setCoverImage',
    doc({ tag: 'account', summary: '个人中心：设置头像', body: SetCoverImageParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.profile.enforce(userId);
      const { coverImage } = parseParams(SetCoverImageParams, request.body);
      await account.setCoverImage(userId, coverImage);
      return ok({ coverImage }, AccountMsg.updateOk);
    },
  );

  app.post(
    '/api/user/updatepwd',
    doc({ tag: 'account', summary: '个人中心：修改密码', body: UpdatePwdParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.updatepwd.enforce(userId);
      const params = parseParams(UpdatePwdParams, request.body);
      return ok({ userInfoMap: await account.updatePassword(userId, params) }, AccountMsg.updateOk);
    },
  );

  app.post(
    '/api/user/sendOldPhoneCode',
    doc({ tag: 'account', summary: '更换手机：向原手机发验证码' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.phone.enforce(userId);
      await account.sendOldPhoneCode(userId, request.ip);
      return ok({}, Msg.smsSent);
    },
  );

  app.post(
    '/api/user/verifyOldPhone',
    doc({ tag: 'account', summary: '更换手机：验证原手机', body: VerifyOldPhoneParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.phone.enforce(userId);
      const { verifyCode } = parseParams(VerifyOldPhoneParams, request.body);
      return ok({ ...(await account.verifyOldPhone(userId, verifyCode)) }, AccountMsg.oldPhoneVerified);
    },
  );

  app.post(
    '/api/user/sendNewPhoneCode',
    doc({ tag: 'account', summary: '更换手机：向新手机发验证码', body: SendNewPhoneCodeParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.phone.enforce(userId);
      const params = parseParams(SendNewPhoneCodeParams, request.body);
      await account.sendNewPhoneCode(userId, params, request.cookies[CAPTCHA_COOKIE], request.ip);
      return ok({}, Msg.smsSent);
    },
  );

  app.post(
    '/api/user/updatePhone',
    doc({ tag: 'account', summary: '更换手机：绑定新手机', body: UpdatePhoneParams }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      limit.phone.enforce(userId);
      const params = parseParams(UpdatePhoneParams, request.body);
      return ok({ userInfoMap: await account.updatePhone(userId, params) }, AccountMsg.updateOk);
    },
  );

  app.get('/api/user/getUserInviteCode', doc({ tag: 'account', summary: '邀请码' }), async (request) => {
    const { userId } = await app.requireUser(request);
    limit.invite.enforce(userId);
    return ok({ ...(await account.inviteInfo(userId, requestOrigin(request))) });
  });

  app.get<{ Params: { kind: string; file: string } }>(
    '/api/assets/:kind/:file',
    doc({ tag: 'account', summary: '内置图片（预设头像等）', auth: 'public', produces: 'image' }),
    async (request, reply) => {
      const match = /^([1-9]\d{0,2})\.svg$/.exec(request.params.file);
      const n = match ? Number(match[1]) : 0;
      const { kind } = request.params;
      const svg = kind === 'avatar' ? presetAvatarSvg(n) : kind === 'cover' ? presetCoverSvg(n) : null;
      if (svg === null) throw AppError.notFound();
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );
}
