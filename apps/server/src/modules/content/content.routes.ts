import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccessRecordParams,
  AnswersParams,
  AnswersTypesParams,
  ContentMsg,
  FeedbackParams,
  NewsDetailParams,
  NewsListParams,
  PlayCountParams,
  PopupParams,
  RequirementClickParams,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { parseParams } from '../../lib/validate.js';
import { doc } from '../../lib/route-doc.js';
import { requestToken } from '../../plugins/auth.js';
import { membershipServices } from '../membership/membership.services.js';
import { ContentService } from './content.service.js';

const services = new WeakMap<AppContext, ContentService>();

/** The context's content service (one per app: it holds the usage-record batch). */
export function contentServiceOf(ctx: AppContext): ContentService {
  let service = services.get(ctx);
  if (!service) {
    service = new ContentService(ctx.db, ctx.config, membershipServices(ctx), (err) =>
      process.stderr.write(`[access-records] write failed: ${(err as Error).message}\n`),
    );
    services.set(ctx, service);
  }
  return service;
}

/** How often the usage records past their retention are deleted. */
const PRUNE_EVERY_MS = 3600_000;

/** The request's origin as the browser sees it (for QR codes of the site's own pages). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * §7.7's calls: content reports, help, feedback, customer-service QR codes, usage records, the home page's
 * pkData, the registration prize, the serve-warn flag and custom popups (docs/api/content.md).
 */
export function registerContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = contentServiceOf(ctx);

  /** The signed-in user when the request carries a token (a bad token answers as everywhere), else null. */
  const optionalUser = async (request: FastifyRequest): Promise<string | null> =>
    requestToken(request) ? (await app.requireUser(request)).userId : null;

  const prune = setInterval(() => {
    service.pruneAccessRecords().catch(() => undefined);
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    await service.accessRecords.flush();
  });

  app.get(
    '/api/newsContentInfoList',
    doc({ tag: 'content', summary: '内容报告列表（分类、搜索、分页）', auth: 'public' }),
    async (request) => {
      const params = parseParams(NewsListParams, request.query);
      return ok({ ...(await service.newsList(params)) });
    },
  );

  app.get(
    '/api/newsContentInfoDetail',
    doc({ tag: 'content', summary: '内容报告详情与相关报告', auth: 'public' }),
    async (request) => {
      const { id } = parseParams(NewsDetailParams, request.query);
      return ok({ ...(await service.newsDetail(id)) });
    },
  );

  app.get(
    '/api/getAnswersTypes',
    doc({ tag: 'content', summary: '帮助：问题分类（按身份）', auth: 'public' }),
    async (request) => {
      const { type } = parseParams(AnswersTypesParams, request.query);
      return ok({ answersTypes: await service.repo.answerTypes(type) });
    },
  );

  /** With id: the answers of that category; without: the audience's recommended functions. */
  app.get(
    '/api/getAnswers',
    doc({ tag: 'content', summary: '帮助：分类下的问题，或推荐功能', auth: 'public' }),
    async (request) => {
      const { type, id } = parseParams(AnswersParams, request.query);
      return ok({ answers: await service.repo.answers(type, id) });
    },
  );

  app.post(
    '/api/feedback',
    doc({ tag: 'content', summary: '意见反馈（前两项至少填一项）', auth: 'public' }),
    async (request) => {
      const userId = await optionalUser(request);
      const params = parseParams(FeedbackParams, request.body);
      const id = await service.feedback(userId, params);
      return ok({ id }, ContentMsg.feedbackSent);
    },
  );

  /** The signed-in user's feedback with the operators' replies, newest first. */
  app.get(
    '/api/user/myFeedback',
    doc({ tag: 'content', summary: '我的反馈与客服回复', auth: 'user' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      return ok({ list: await service.repo.feedbackOf(userId, 50) });
    },
  );

  app.get(
    '/api/getCustomerServiceQRCode',
    doc({ tag: 'content', summary: '客服与公众号二维码', auth: 'public' }),
    async (request) => {
      return ok({ ...(await service.customerService(requestOrigin(request))) });
    },
  );

  app.post(
    '/api/saveUserAccessRecord',
    doc({ tag: 'content', summary: '访问记录（批量写入）', auth: 'public' }),
    async (request) => {
      const userId = await optionalUser(request);
      service.recordAccess(userId, parseParams(AccessRecordParams, request.body));
      return ok({});
    },
  );

  app.post(
    '/api/user/saveRequirementClick',
    doc({ tag: 'content', summary: '增值服务页面点击记录', auth: 'public' }),
    async (request) => {
      const userId = await optionalUser(request);
      const { page } = parseParams(RequirementClickParams, request.body);
      await service.repo.insertRequirementClick(userId, page ?? '/marketDataCus');
      return ok({});
    },
  );

  /** A play of a tutorial video (also the "tutorial viewed" record): videoName. */
  app.post(
    '/api/savePlayCount',
    doc({ tag: 'content', summary: '教程视频播放记录', auth: 'public' }),
    async (request) => {
      const userId = await optionalUser(request);
      const { videoName } = parseParams(PlayCountParams, request.body);
      if (!(await service.repo.insertPlay(userId, videoName))) throw AppError.fail(ContentMsg.videoNameInvalid);
      return ok({});
    },
  );

  app.get('/api/tutorialVideos', doc({ tag: 'content', summary: '教程视频列表', auth: 'public' }), async (request) => {
    const userId = await optionalUser(request);
    return ok({ videos: await service.repo.tutorialVideos(userId) });
  });

  /** The home page's data (§2.8 pkData). */
  app.post('/api/index', doc({ tag: 'content', summary: '首页数据 pkData', auth: 'public' }), async () =>
    ok({ pkData: await service.repo.pkData() }),
  );

  /** The registration prize on offer to this account (null when none). */
  app.get(
    '/api/user/prize',
    doc({ tag: 'content', summary: '注册奖励：可领取的奖励', auth: 'user' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const prize = await service.prizeFor(userId);
      return ok({ prize, granted: prize === null && (await service.repo.hasPrize(userId)) });
    },
  );

  /** Takes the registration prize: once per account. */
  app.post(
    '/api/user/receivePrize',
    doc({ tag: 'content', summary: '注册奖励：领取（每个账号一次）', auth: 'user' }),
    async (request) => {
      const { userId } = await app.requireUser(request);
      const { prize, maturityTime } = await service.grantPrize(userId);
      return ok({ prize, granted: true, maturityTime: maturityTime.toISOString() }, ContentMsg.prizeGranted);
    },
  );

  /**
   * The landing pages' content (/marketDataCus, /customPage, /squeezeUp, /squeezeRank): their texts from the
   * console and a teaser of the week's fan-gain ranking (top 10; the page shows the first 3 in full).
   */
  app.get(
    '/api/landingContent',
    doc({ tag: 'content', summary: '推广页文案与本周涨粉榜前10', auth: 'public' }),
    async () => {
      const [landing, pk] = await Promise.all([service.repo.setting<unknown>('landing'), service.repo.pkData()]);
      const rank = pk.day ? await service.repo.weekGainers(pk.day, 10) : [];
      return ok({ landing: landing ?? {}, day: pk.day, creatorCount: pk.creatorCount, rank });
    },
  );

  app.get('/api/serveWarn', doc({ tag: 'content', summary: '服务提示开关与文案', auth: 'public' }), async () =>
    ok({ serveWarn: await service.serveWarn() }),
  );

  /** A custom popup by id: its layout as base64 of its UTF-8 JSON (§7.7 "an encoded JSON layout"). */
  app.get(
    '/api/popupContent',
    doc({ tag: 'content', summary: '自定义弹窗（编码后的JSON布局）', auth: 'public' }),
    async (request) => {
      const { id } = parseParams(PopupParams, request.query);
      const layout = await service.repo.popup(id);
      if (layout === null) throw AppError.fail(ContentMsg.popupMissing);
      return ok({ content: Buffer.from(JSON.stringify(layout), 'utf8').toString('base64') });
    },
  );
}
