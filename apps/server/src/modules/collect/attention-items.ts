import type { AttentionFanEvent, AttentionVideo } from '@xg/shared';

/** new_videos / fan_events as the attention and dashboard queries aggregate them (json_agg). */
export interface NewVideoJson {
  id: number;
  title: string;
  pubdate: string;
  play: number;
}
export interface FanEventJson {
  day: string;
  kind: 'rise' | 'drop';
  delta: number;
}

/** The wire shape of a monitored creator's new videos and fan events (upAttention, the dashboard card). */
export function toAttentionChanges(
  videos: readonly NewVideoJson[] | null,
  events: readonly FanEventJson[] | null,
): { newVideos: AttentionVideo[]; fanEvents: AttentionFanEvent[] } {
  return {
    newVideos: (videos ?? []).map((v) => ({
      videoId: Number(v.id),
      title: v.title,
      publishTime: new Date(v.pubdate).toISOString(),
      playNum: Number(v.play),
    })),
    fanEvents: (events ?? []).map((e) => ({ day: e.day, kind: e.kind, delta: Number(e.delta) })),
  };
}
