import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerCreatorRoutes } from './creators/creators.routes.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerMenuRoutes } from './menu/menu.routes.js';
import { registerUserRoutes } from './user/user.routes.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { registerSubAccountRoutes } from './subaccount/subaccount.routes.js';
import { registerMembershipRoutes } from './membership/membership.routes.js';
import { registerPaymentRoutes } from './payment/payment.routes.js';
import { registerCollectorRoutes } from './collector/collector.routes.js';
import { registerPipelineRoutes } from './pipeline/pipeline.routes.js';
import { registerVideoRoutes } from './videos/videos.routes.js';
import { registerRankingRoutes } from './rankings/rankings.routes.js';
import { registerHotRoutes } from './hot/hot.routes.js';
import { registerActivityRoutes } from './activities/activities.routes.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';
import { registerExportRoutes } from './export/export.routes.js';
import { registerMetricsRoutes } from './metrics/metrics.routes.js';
import { registerCollectRoutes } from './collect/collect.routes.js';
import { registerLibraryRoutes } from './library/library.routes.js';
import { contrastServiceOf, registerContrastRoutes } from './contrast/contrast.routes.js';
import { registerConsoleRoutes } from './console/console.routes.js';
import { registerContentRoutes } from './content/content.routes.js';
import { registerContrastPdfRoutes } from './contrast-pdf/contrast-pdf.routes.js';
import { registerOpinionRoutes } from './opinion/opinion.routes.js';
import { registerPlacementRoutes } from './placements/placements.routes.js';
import { registerNotifyRoutes } from './notify/notify.routes.js';

/** Every product module registers its routes here. */
export function registerModules(app: FastifyInstance, ctx: AppContext): void {
  registerCreatorRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerSubAccountRoutes(app, ctx);
  registerMenuRoutes(app, ctx);
  registerMembershipRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerCollectorRoutes(app, ctx);
  registerPipelineRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
  registerRankingRoutes(app, ctx);
  registerHotRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerMetricsRoutes(app, ctx);
  registerCollectRoutes(app, ctx);
  registerLibraryRoutes(app, ctx);
  registerContrastRoutes(app, ctx);
  registerPlacementRoutes(app, ctx);
  registerContentRoutes(app, ctx);
  registerConsoleRoutes(app, ctx);
  // after registerContrastRoutes, which creates the context's comparison service with its options
  registerContrastPdfRoutes(app, ctx, contrastServiceOf(ctx));
  registerOpinionRoutes(app, ctx);
  registerNotifyRoutes(app, ctx);
}
