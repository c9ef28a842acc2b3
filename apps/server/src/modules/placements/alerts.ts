/**
 * Monitoring alerts (issue #24 item 5; docs/pipeline.md § Monitoring alerts): a monitored work of a team that
 * the platform deleted or hid (status −1), that stalled (plays unchanged over the last STALL_SAMPLES samples
 * inside its window), or that ended its window below the expected band of the creator's usual videos
 * (docs/metrics.md § Placement report) raises one notification per event through the notify module (in the
 * app, by e-mail, to the team's robots). The dedupe key names the event, so a scheduler tick that sees the
 * same state again delivers nothing.
 */
import { sql } from 'kysely';
import { formatCount } from '@xg/shared';
import type { Db } from '../../db/client.js';
import type { NotifyEvent } from '../notify/index.js';
import { expectedBand } from './placements.figures.js';
import { PlacementsRepository } from './placements.repository.js';

/** Plays unchanged over this many consecutive samples (30 minutes at 5 minutes) inside a window: stalled. */
export const STALL_SAMPLES = 7;

export interface AlertSink {
  send(event: NotifyEvent): Promise<{ created: boolean }>;
}

interface TargetRow {
  id: string;
  team_id: string;
  created_by: string | null;
  video_id: string;
  title: string;
  status: number;
  creator_id: string;
  pubdate: Date;
  window_end: Date;
  source: string;
}

function linkOf(t: TargetRow): string {
  return t.source === 'placement' ? '/middleground/upThrow' : '/middleground/videoMonitor';
}

/** Checks every team's monitor targets (window or hourly tail still running at `now`); answers alerts raised. */
export async function checkMonitorAlerts(db: Db, sink: AlertSink, now: Date): Promise<number> {
  const at = now.toISOString();
  const targets = await sql<TargetRow>`
    SELECT t.id, t.team_id, t.created_by, t.video_id, v.title, v.status, v.creator_id, v.pubdate, t.window_end, t.source
    FROM monitor_targets t JOIN videos v ON v.id = t.video_id
    WHERE t.kind = 'video' AND t.team_id IS NOT NULL AND t.window_start <= ${at}::timestamptz
      AND greatest(t.window_end, coalesce(t.tail_until, t.window_end)) >= ${at}::timestamptz`.execute(db);
  const repo = new PlacementsRepository(db);
  let raised = 0;
  const raise = async (t: TargetRow, kind: string, title: string, body: string, key: string) => {
    const r = await sink.send({
      teamId: t.team_id,
      userId: t.created_by,
      kind,
      title,
      body,
      link: linkOf(t),
      dedupeKey: `${kind}:${t.id}${key}`,
    });
    if (r.created) raised += 1;
  };
  for (const t of targets.rows) {
    if (t.status === -1) {
      await raise(
        t,
        'monitor.deleted',
        '监测作品已删除或不可见',
        `作品《${t.title}》已被删除或设为不可见，监测已停止。`,
        '',
      );
      continue;
    }
    const windowEnd = new Date(t.window_end);
    if (windowEnd >= now) {
      const last = await sql<{ ts: Date; play: string }>`
        SELECT ts, play FROM video_samples WHERE video_id = ${t.video_id} AND ts <= ${at}::timestamptz
        ORDER BY ts DESC LIMIT ${STALL_SAMPLES}`.execute(db);
      const plays = last.rows.map((r) => Number(r.play));
      if (plays.length === STALL_SAMPLES && plays.every((p) => p === plays[0])) {
        // one alert per stall: keyed by the first sample of the flat run
        const since = new Date(last.rows.at(-1)!.ts).toISOString();
        await raise(
          t,
          'monitor.stalled',
          '监测作品播放停滞',
          `作品《${t.title}》最近${(STALL_SAMPLES - 1) * 5}分钟播放量没有增长（${formatCount(plays[0] ?? 0)}）。`,
          `@${since}`,
        );
      }
      continue;
    }
    // the window has ended: compare the plays at its end with the creator's usual videos at the same age
    const endSample = await sql<{ ts: Date; play: string }>`
      SELECT ts, play FROM video_samples WHERE video_id = ${t.video_id} AND ts <= ${windowEnd.toISOString()}::timestamptz
      ORDER BY ts DESC LIMIT 1`.execute(db);
    const sample = endSample.rows[0];
    if (!sample) continue;
    const pubdate = new Date(t.pubdate);
    const ageHours = Math.max(1, Math.round((new Date(sample.ts).getTime() - pubdate.getTime()) / 3600_000));
    const band = expectedBand(
      await repo.usualPlaysAtAge(
        Number(t.creator_id),
        Number(t.video_id),
        pubdate,
        Math.max(1, Math.round(ageHours / 24)),
      ),
      ageHours,
    );
    if (band && Number(sample.play) < band.low) {
      await raise(
        t,
        'monitor.below-band',
        '监测作品表现低于预期',
        `作品《${t.title}》监测结束时播放 ${formatCount(Number(sample.play))}，低于UP主近期作品同龄期望区间 ${formatCount(band.low)} ~ ${formatCount(band.high)}。`,
        '',
      );
    }
  }
  return raised;
}
