/**
 * Outgoing mail (the bind panel's e-mail codes). Every mail provider implements this interface; the app picks
 * one by configuration (`createMailProvider`). Only the sandbox exists so far: a real one (SMTP or a mail
 * API) implements `send` and is added to `createMailProvider`, with no change anywhere else.
 */
import { failsUnconfigured } from '../unconfigured.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailProvider {
  readonly name: string;
  /** Delivers the mail or throws; a throw makes the send fail with AccountMsg.mailSendFailed. */
  send(message: MailMessage): Promise<void>;
}

/** Chosen when sandbox mode is off: there is no real mail provider yet, so every send fails, loudly. */
export class UnconfiguredMailProvider implements MailProvider {
  readonly name = 'unconfigured';
  readonly send = failsUnconfigured('no mail provider is configured (SANDBOX=false and no real mail provider yet)');
}
