import type { Logger } from 'pino';
import type { MailOutboxConfig } from '@/config';
import type { Metrics } from '@/core/metrics';
import type { BackgroundTasks } from '@/lib/background';
import type { MailMessage } from '@/modules/mail/mail.service';
import type { ClaimedOutboxMail, MailOutboxRepository, NewOutboxMail } from './mail-outbox.repository';

/** Sent and given-up mail is kept this long for the operator, then deleted. */
const keepFinishedMs = 14 * 24 * 60 * 60_000;
const claimBatch = 20;
const maxErrorLength = 500;

/**
 * The durable mail queue: a mail is a row before anything tries to send it, so neither an SMTP
 * outage nor a restart loses it. Enqueueing starts a delivery pass at once (the usual case
 * sends within the second); the module's job runs one every `pollIntervalMs` for retries and
 * for rows a stopped process left. Any number of processes may deliver from one database:
 * each claims its rows (see MailOutboxRepository.claimDue), so a mail is sent by one of them.
 * Delivery is at least once: a process that dies between the SMTP answer and marking the row
 * sent leaves it to be sent again when its claim lapses, the window every outbox has.
 */
/** What the mail outbox counts (docs/operations.md). */
export type MailMetrics = ReturnType<typeof createMailMetrics>;

export function createMailMetrics(metrics: Metrics, repo: Pick<MailOutboxRepository, 'countPending'>) {
  metrics.gauge('mail_outbox_pending', 'Mails queued and not sent yet, retries included.', () => repo.countPending());
  return {
    sent: metrics.counter('mail_sent_total', 'Mails handed to the SMTP server.'),
    failures: metrics.counter(
      'mail_send_failures_total',
      'Failed mail attempts: retried later, or given up after the last attempt.',
      ['outcome'],
    ),
  };
}

export class MailOutboxService {
  private isPassRunning = false;
  private isPassRequested = false;
  private isStopped = false;

  constructor(
    private readonly repo: MailOutboxRepository,
    private readonly mailer: { sendNow(message: MailMessage): Promise<void> },
    private readonly background: BackgroundTasks,
    private readonly logger: Pick<Logger, 'warn' | 'error' | 'info'>,
    readonly settings: MailOutboxConfig,
    private readonly metrics?: MailMetrics,
  ) {}

  /**
   * Stores the mail, then starts a delivery pass in the background; resolves once it is stored.
   * A mail with a `coalesce` key already queued inside its window is only counted on that one
   * (see MailOutboxRepository.insert): answers false then, and nothing new is sent.
   */
  async enqueue(mail: NewOutboxMail): Promise<boolean> {
    const stored = await this.repo.insert(mail);
    // Counting a coalesced mail locks its row for a moment, and a pass that meets the lock skips
    // the row (SKIP LOCKED): while that row waits, each counter starts a pass after its own
    // statement, so the last of a burst finds it free instead of leaving it to the next poll.
    if (stored.isPending) {
      this.background.run('deliver queued mail', async () => {
        await this.deliverDue();
      });
    }
    return !stored.isCoalesced;
  }

  /**
   * Sends every due mail this process can claim, one at a time. Passes do not overlap within a
   * process: one asked for while another runs makes that one go round again, so mail enqueued
   * during a pass is not left for the next poll. Answers how many mails this call settled.
   */
  async deliverDue(): Promise<number> {
    if (this.isPassRunning) {
      this.isPassRequested = true;
      return 0;
    }
    this.isPassRunning = true;
    let settled = 0;
    try {
      do {
        this.isPassRequested = false;
        for (;;) {
          if (this.isStopped) return settled;
          const claimed = await this.repo.claimDue(claimBatch, this.settings.leaseMs);
          for (const mail of claimed) {
            // Shutting down: what is not being sent yet goes back at once, not when its claim lapses.
            if (this.isStopped) await this.repo.release(mail);
            else {
              await this.attempt(mail);
              settled += 1;
            }
          }
          if (claimed.length < claimBatch) break;
        }
      } while (this.isPassRequested);
      return settled;
    } finally {
      this.isPassRunning = false;
    }
  }

  /** Deletes mail sent or given up long ago (the module's daily job). */
  pruneFinished(): Promise<number> {
    return this.repo.deleteFinishedBefore(keepFinishedMs);
  }

  /** The wait before attempt `attempts + 1`: exponential, capped. */
  retryDelayMs(attempts: number): number {
    return Math.min(this.settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), this.settings.retryMaxMs);
  }

  /**
   * Stops delivering: the mail being sent finishes, the rest stays queued for the next process.
   * Called as the server starts closing, before background work is drained.
   */
  stop(): void {
    this.isStopped = true;
  }

  private async attempt(mail: ClaimedOutboxMail): Promise<void> {
    const facts = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts };
    try {
      await this.mailer.sendNow({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength);
      this.metrics?.failures.inc({ outcome: mail.attempts >= this.settings.maxAttempts ? 'gave_up' : 'retry' });
      if (mail.attempts >= this.settings.maxAttempts) {
        await this.repo.markFailed(mail, reason);
        this.logger.error({ ...facts, err: error }, 'gave up sending a queued mail; it stays in mail_outbox as failed');
        return;
      }
      const retryInMs = this.retryDelayMs(mail.attempts);
      await this.repo.scheduleRetry(mail, retryInMs, reason);
      this.logger.warn({ ...facts, retryInMs, err: error }, 'sending a queued mail failed; it will be retried');
      return;
    }
    this.metrics?.sent.inc();
    // Sent: only a lapsed claim (a send slower than the lease) lets another process resend it.
    if (!(await this.repo.markSent(mail))) {
      this.logger.warn(facts, 'a queued mail was sent after its claim lapsed; another process may send it again');
    }
  }
}
