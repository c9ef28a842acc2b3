import type { AppContext } from '../../context.js';
import { seedMenus } from './menus.js';
import { seedDemoAccounts, type DemoAccount } from './demo-accounts.js';
import { FIRST_WORLD_CREATORS, growDemoWorld, seedDemoWorld, type DemoWorldResult } from './demo-world.js';

export interface SeedResult {
  world: DemoWorldResult | null;
  demoAccounts: DemoAccount[];
  /**
   * with `growInBackground`: loads the rest of the demo world (call it once the server listens); resolves true
   * when it added something (the search index is then rebuilt)
   */
  grow: (() => Promise<boolean>) | null;
}

export interface SeedOptions {
  /** Load the demo world and demo accounts (sandbox mode). Menus are always seeded. */
  demo: boolean;
  scale: number;
  seed: number;
  demoPassword: string;
  log: (line: string) => void;
  /**
   * Load a first world of FIRST_WORLD_CREATORS creators now and leave the rest of the demo world (the other
   * creators, the earlier day rankings, the older videos' daily history) to `SeedResult.grow`, to run behind the
   * listening server; otherwise runSeeds loads the whole world before answering (tests).
   */
  growInBackground?: boolean;
}

/** Idempotent: reference data is upserted, and the demo world loads only once per database. */
export async function runSeeds(ctx: AppContext, options: SeedOptions): Promise<SeedResult> {
  await seedMenus(ctx.db);
  if (!options.demo) return { world: null, demoAccounts: [], grow: null };
  const world = await seedDemoWorld(ctx.db, {
    scale: options.scale,
    seed: options.seed,
    log: options.log,
    ...(options.growInBackground ? { firstCreators: FIRST_WORLD_CREATORS } : {}),
  });
  const demoAccounts = await seedDemoAccounts(ctx.db, options.demoPassword);
  const grow = async () => (await growDemoWorld(ctx.db, options.log)) !== null;
  if (options.growInBackground) return { world, demoAccounts, grow };
  await grow();
  return { world, demoAccounts, grow: null };
}
