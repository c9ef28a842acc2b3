import type { AppContext } from '../../context.js';
import { notifyServiceOf } from '../notify/index.js';
import type { NewWarning, TaskRow } from './opinion.repository.js';

/** Where a new warning goes: modules/notify (in-app, e-mail, the team's robot webhook), once per warning. */
export interface WarningSink {
  send(task: TaskRow, warningId: number, w: NewWarning): Promise<void>;
}

/** The warning screen's path for one task (the menu row of opinionWarn). */
export function warningLink(taskId: number): string {
  return `/opinion/opinionWarn?taskId=${taskId}`;
}

/**
 * Sends a warning to the task's owner through modules/notify. The dedupe key is the warning's (task, event) key,
 * so a warning raised again — by a retried job or a second process — is delivered once.
 */
export function opinionWarningSink(ctx: AppContext): WarningSink {
  const notify = notifyServiceOf(ctx);
  return {
    async send(task, _warningId, w) {
      await notify.send({
        teamId: task.teamId,
        userId: task.createdBy,
        kind: `opinion.${w.rule}`,
        title: w.title,
        body: w.detail,
        link: warningLink(task.id),
        dedupeKey: `opinion:${task.id}:${w.eventKey}`,
      });
    },
  };
}
