/**
 * The Bilibili simulator (ARCHITECTURE §5, docs/simulator.md): `startSimulator(options)` serves the web API
 * paths the collector uses, from the product's demo world evolving with time.
 */
export {
  buildSimServer,
  startSimulator,
  type RunningSimulator,
  type SimServer,
  type SimulatorOptions,
} from './server.js';
export { SimWorld, type CreatorState, type SimWorldOptions } from './world/world.js';
export type { SimVideo, VideoCounters } from './world/video-model.js';
export { NO_FAULTS, planFault, type FaultRates } from './http/faults.js';
export { signWbi, verifyWbi, mixinKey, type WbiKeys } from './http/wbi.js';

/**
 * A Cookie header that passes every cookie rule of the simulator (upstat and acc/info need a logged-in
 * user): the simulator has no accounts and accepts any values. Give it to the client in sim mode when the
 * operator set no BILIBILI_COOKIE; a buvid3 is added by the client itself.
 */
export const SIM_LOGIN_COOKIE = 'SESSDATA=sim-session; bili_jct=sim-csrf; DedeUserID=1';
