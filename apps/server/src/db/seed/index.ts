import type { AppContext } from '../../context.js';
import { seedMenus } from './menus.js';
import { seedDemoAccounts, type DemoAccount } from './demo-accounts.js';
import { seedDemoWorld, type DemoWorldResult } from './demo-world.js';

export interface SeedResult {
  world: DemoWorldResult | null;
  demoAccounts: DemoAccount[];
}

export interface SeedOptions {
  /** Load the demo world and demo accounts (sandbox mode). Menus are always seeded. */
  demo: boolean;
  scale: number;
  seed: number;
  demoPassword: string;
  log: (line: string) => void;
}

/** Idempotent: reference data is upserted, and the demo world loads only once per database. */
export async function runSeeds(ctx: AppContext, options: SeedOptions): Promise<SeedResult> {
  await seedMenus(ctx.db);
  if (!options.demo) return { world: null, demoAccounts: [] };
  const world = await seedDemoWorld(ctx.db, { scale: options.scale, seed: options.seed, log: options.log });
  const demoAccounts = await seedDemoAccounts(ctx.db, options.demoPassword);
  return { world, demoAccounts };
}
