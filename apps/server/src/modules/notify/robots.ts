import type { WebhookProvider } from '@xg/shared';

/**
 * The message bodies of the three chat robots' incoming webhooks (their public docs: WeCom 群机器人
 * "markdown" messages, DingTalk 自定义机器人 "markdown", Feishu 自定义机器人 "text"), and the sender.
 */
export interface RobotMessage {
  title: string;
  body: string;
  /** an absolute link into the app, or null */
  link: string | null;
}

export function robotPayload(provider: WebhookProvider, m: RobotMessage): Record<string, unknown> {
  const linkLine = m.link ? `\n[查看详情](${m.link})` : '';
  switch (provider) {
    case 'wecom':
      return { msgtype: 'markdown', markdown: { content: `**${m.title}**\n${m.body}${linkLine}` } };
    case 'dingtalk':
      return { msgtype: 'markdown', markdown: { title: m.title, text: `### ${m.title}\n${m.body}${linkLine}` } };
    case 'feishu':
      return { msg_type: 'text', content: { text: `${m.title}\n${m.body}${m.link ? `\n${m.link}` : ''}` } };
  }
}

/** Posts a payload to a robot URL; throws with a short reason when the robot refuses or cannot be reached. */
export type RobotPoster = (url: string, payload: Record<string, unknown>) => Promise<void>;

export const ROBOT_TIMEOUT_MS = 5_000;

/** The real poster: one HTTPS POST with a timeout; a robot's own error code (errcode / code ≠ 0) is a failure. */
export const postToRobot: RobotPoster = async (url, payload) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(ROBOT_TIMEOUT_MS),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const answer = (await response.json().catch(() => null)) as { errcode?: unknown; code?: unknown } | null;
  const code = answer?.errcode ?? answer?.code ?? 0;
  if (code !== 0) throw new Error(`机器人返回错误码 ${JSON.stringify(code)}`);
};

/** Hides the secret part of a robot URL (its key / access_token / hook id) for display. */
export function maskWebhookUrl(url: string): string {
  try {
    const u = new URL(url);
    const tail = `${u.pathname}${u.search}`;
    const keep = tail.slice(0, Math.min(tail.length, 20));
    return `${u.protocol}//${u.host}${keep}${tail.length > keep.length ? '…' : ''}`;
  } catch {
    return '';
  }
}
