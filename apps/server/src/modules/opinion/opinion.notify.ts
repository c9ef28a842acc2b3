import type { AppContext } from '../../context.js';
import type { NewWarning, TaskRow } from './opinion.repository.js';

/** Where a new warning goes: modules/notify (in-app, e-mail, the team's robot webhook), once per warning. */
export interface WarningSink {
  send(task: TaskRow, warningId: number, w: NewWarning): Promise<void>;
}

export function opinionWarningSink(_ctx: AppContext): WarningSink {
  return {
    send: () => Promise.reject(new Error('modules/notify is not merged yet')),
  };
}
