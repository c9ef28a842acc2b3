/**
 * Incidents (舆情事件, docs/simulator.md "Comments"): windows of a video's life in which the comments and danmaku
 * that arrive are mostly criticism and irony (INCIDENT_WEIGHTS). A share of videos has one by design, drawn
 * from (seed, video key): it starts 6–78 hours after publication and lasts 2–6 hours. An operator (a demo, an
 * end-to-end journey) can also start one on a video through `POST /__sim/incident`: kept in memory, not part of
 * the deterministic world (like the fault rates), and it applies only to texts arriving inside its window.
 */
import { Salt, unit } from './hash.js';
import type { SimVideo } from './video-model.js';
import type { SimWorld } from './world.js';

/** Share of videos with a built-in incident. */
export const INCIDENT_SHARE = 0.08;
const HOUR_MS = 3600_000;

/** Operator incidents by world (seed) and video key. */
const injected = new WeakMap<SimWorld, Map<number, [number, number][]>>();

/** The built-in incident window of a video, or null. */
export function builtInIncident(world: SimWorld, v: SimVideo): [number, number] | null {
  if (unit(world.seed, Salt.incident, v.key, 1) >= INCIDENT_SHARE) return null;
  const start = v.pubMs + (6 + 72 * unit(world.seed, Salt.incident, v.key, 2)) * HOUR_MS;
  return [start, start + (2 + 4 * unit(world.seed, Salt.incident, v.key, 3)) * HOUR_MS];
}

/** Starts an operator incident on a video for [fromMs, toMs) of world time. */
export function injectIncident(world: SimWorld, v: SimVideo, fromMs: number, toMs: number): void {
  let byVideo = injected.get(world);
  if (!byVideo) {
    byVideo = new Map();
    injected.set(world, byVideo);
  }
  const list = byVideo.get(v.key) ?? [];
  list.push([fromMs, toMs]);
  byVideo.set(v.key, list);
}

/** The windows of a video (built in and injected). */
export function incidentsOf(world: SimWorld, v: SimVideo): [number, number][] {
  const out = [...(injected.get(world)?.get(v.key) ?? [])];
  const own = builtInIncident(world, v);
  if (own) out.push(own);
  return out;
}

/** Whether a text of video v arriving at `ctimeMs` arrives inside an incident. */
export function inIncident(world: SimWorld, v: SimVideo, ctimeMs: number): boolean {
  const list = injected.get(world)?.get(v.key);
  if (list?.some(([a, b]) => ctimeMs >= a && ctimeMs < b)) return true;
  const own = builtInIncident(world, v);
  return own !== null && ctimeMs >= own[0] && ctimeMs < own[1];
}
