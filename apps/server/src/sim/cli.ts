/**
 * Runs the simulator alone: `node apps/server/dist/sim/cli.js [--port 9300] [--seed N] [--scale S]
 * [--speed X] [--today YYYY-MM-DD] [--host H]`. Other settings (faults) come from the SIM_* variables read
 * by config.ts; flags win over them.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { startSimulator } from './server.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      scale: { type: 'string' },
      speed: { type: 'string' },
      today: { type: 'string' },
    },
  });
  const config = loadConfig();
  const num = (text: string | undefined, fallback: number, name: string): number => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, got ${text}`);
    return n;
  };
  const started = Date.now();
  const sim = await startSimulator({
    seed: num(values.seed, config.sim.seed, 'seed'),
    scale: num(values.scale, config.sim.scale, 'scale'),
    speed: num(values.speed, config.sim.speed, 'speed'),
    port: num(values.port, config.sim.port, 'port'),
    host: values.host ?? '127.0.0.1',
    faults: config.sim.faults,
    ...(values.today ? { today: values.today } : {}),
  });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`[sim] Bilibili simulator listening on ${sim.url} (${Date.now() - started} ms)`);
  say(
    `[sim] ${sim.world.creatorCount} creators, ${sim.world.plan.videoCount} seeded videos, epoch ${new Date(sim.world.epochMs).toISOString()}, speed ×${sim.world.speed}`,
  );
  say(`[sim] try ${sim.url}/x/web-interface/card?mid=${sim.world.spec(0).mid}`);
  const shutdown = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
