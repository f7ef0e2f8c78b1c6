import {
  type ActivityValues,
  acceptBlockedReason,
  acceptUndoSeconds,
  type Deliverable,
  type DeliverableBody,
  milestoneLimits,
  type SubmitDeliverableBody,
} from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { type ChangeOutcome, lockedTask, type MilestoneGate, type MilestoneRule, notFoundAs } from './milestone-gate';
import { changedFields, deliverableStatus, toDeliverable } from './milestones.dto';
import { canManageMilestone, canReviewWork } from './milestones.policy';
import type {
  DeliverableFile,
  DeliverableRow,
  MilestonesRepository,
  MilestoneWriter,
  TaskRow,
} from './milestones.repository';
import type { AttachmentStorage } from './threads.service';

const deliverableNotFound = () => new AppError('NOT_FOUND', 'This deliverable does not exist.');

/** Once accepted, a deliverable is settled: editing or resubmitting it would change what was accepted. */
function requireNotAccepted(deliverable: DeliverableRow): void {
  if (deliverable.acceptedAt) {
    throw new AppError('CONFLICT', `“${deliverable.title}” is accepted already; it can no longer change.`, {
      status: 'accepted',
    });
  }
}

/** What the log keeps of a submission: the link, or the file's name (never its key). */
const submittedValues = (row: Pick<DeliverableRow, 'url' | 'fileName'>): ActivityValues =>
  row.fileName === null ? { url: row.url } : { fileName: row.fileName };

/**
 * A storage refusal of a submitted file names the body's field (`file.key`), as a schema error
 * would; other failures pass through.
 */
const asFileField = (error: unknown): never => {
  if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
    throw new AppError('VALIDATION_FAILED', error.message, {
      fields: [{ path: 'file.key', message: error.message }],
    });
  }
  throw error;
};

/**
 * Deliverables: the founder promises, edits and submits them (a link, or a file through the same
 * signed upload as thread attachments); an investor of the milestone accepts them or sends them back.
 */
export class DeliverablesService {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
    private readonly files: AttachmentStorage,
    private readonly clock: Clock,
  ) {}

  async listForTask(principal: Principal, taskId: string): Promise<Deliverable[]> {
    await this.gate.requireReadableTask(principal, taskId);
    return this.answers(await this.repo.findDeliverablesOfTask(taskId));
  }

  async listForMilestone(principal: Principal, milestoneId: string): Promise<Deliverable[]> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    return this.answers(await this.repo.findDeliverables(milestone.id));
  }

  async create(principal: Principal, taskId: string, body: DeliverableBody): Promise<Deliverable> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    const id = await this.gate.change(principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      if ((await writer.countDeliverables(taskId)) >= milestoneLimits.deliverablesPerTask) {
        throw new AppError('CONFLICT', `A task holds at most ${milestoneLimits.deliverablesPerTask} deliverables.`);
      }
      const deliverableId = await writer.insertDeliverable(taskId, body);
      return {
        result: deliverableId,
        activity: {
          action: 'deliverable.created',
          taskId,
          stage: task.stage,
          newValue: { deliverableId, title: body.title },
        },
      };
    });
    return this.describe(id);
  }

  /** PUT: title and description; the log names only what changed. */
  async update(principal: Principal, deliverableId: string, body: DeliverableBody): Promise<Deliverable> {
    await this.change(canManageMilestone, principal, deliverableId, async (writer, before, task) => {
      requireNotAccepted(before);
      const changes = changedFields({ title: before.title, description: before.description }, body);
      if (!changes) return { result: undefined, activity: null };
      await writer.updateDeliverable(deliverableId, body);
      return {
        result: undefined,
        activity: {
          action: 'deliverable.updated',
          taskId: task.id,
          stage: task.stage,
          oldValue: { deliverableId, ...changes.oldValue },
          newValue: { deliverableId, ...changes.newValue },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /**
   * POST submit: the founder hands over a link or an uploaded file (again, until it is accepted);
   * the new one replaces the old, and a file no longer submitted leaves storage after the commit.
   */
  async submit(principal: Principal, deliverableId: string, body: SubmitDeliverableBody): Promise<Deliverable> {
    let replacedKey: string | null = null;
    await this.change(canManageMilestone, principal, deliverableId, async (writer, before, task) => {
      requireNotAccepted(before);
      let submitted: { url: string } | { file: DeliverableFile };
      if (body.file) {
        // Checked inside the lock, like a message's files: the caller's own `attachment` upload, really stored.
        const stored = await this.files.checkUploaded(principal, 'attachment', body.file.key).catch(asFileField);
        if (body.file.key !== before.fileKey && (await writer.isDeliverableFileUsed(body.file.key))) {
          throw new AppError('CONFLICT', 'That file is submitted with another deliverable already. Upload it again.');
        }
        submitted = { file: { key: body.file.key, name: body.file.name, ...stored } };
      } else {
        submitted = { url: body.url ?? '' };
      }
      await writer.updateDeliverable(deliverableId, { submitted });
      replacedKey = before.fileKey !== null && before.fileKey !== body.file?.key ? before.fileKey : null;
      const after =
        'url' in submitted ? { url: submitted.url, fileName: null } : { url: null, fileName: submitted.file.name };
      return {
        result: undefined,
        activity: {
          action: 'deliverable.submitted',
          taskId: task.id,
          stage: task.stage,
          oldValue: { deliverableId, ...submittedValues(before) },
          newValue: { deliverableId, title: before.title, ...submittedValues(after) },
        },
      };
    });
    if (replacedKey) await this.files.forget(replacedKey);
    return this.describe(deliverableId);
  }

  /**
   * POST accept: an investor of the milestone takes a submitted deliverable; records who and
   * when (by the clock, which the undo window reads too). One sent back waits for the founder to
   * submit something new: accepting it then would accept work the investor asked to change.
   */
  async accept(principal: Principal, deliverableId: string): Promise<Deliverable> {
    await this.change(canReviewWork, principal, deliverableId, async (writer, before, task) => {
      const status = deliverableStatus(before);
      const refusal = acceptBlockedReason({ status, title: before.title });
      if (refusal) throw new AppError('CONFLICT', refusal, { status });
      await writer.updateDeliverable(deliverableId, { acceptedAt: this.clock.now() });
      return {
        result: undefined,
        activity: {
          action: 'deliverable.accepted',
          taskId: task.id,
          stage: task.stage,
          newValue: { deliverableId, title: before.title, ...submittedValues(before) },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /**
   * POST accept/undo: whoever accepted a deliverable takes it back within `acceptUndoSeconds`
   * (by the clock): it is submitted again, as before the acceptance. Later, or by anyone else,
   * 409 with a sentence saying why; the acceptance stands.
   */
  async undoAccept(principal: Principal, deliverableId: string): Promise<Deliverable> {
    await this.change(canReviewWork, principal, deliverableId, async (writer, before, task) => {
      if (!before.acceptedAt) {
        throw new AppError('CONFLICT', `“${before.title}” is not accepted; there is nothing to undo.`, {
          status: deliverableStatus(before),
        });
      }
      if (before.acceptedById !== principal.accountId) {
        throw new AppError('CONFLICT', 'Only the investor who accepted this deliverable can undo that.', {
          status: 'accepted',
        });
      }
      const undoableUntil = new Date(before.acceptedAt.getTime() + acceptUndoSeconds * 1000);
      if (this.clock.now().getTime() > undoableUntil.getTime()) {
        throw new AppError(
          'CONFLICT',
          `The acceptance of “${before.title}” can no longer be undone: that is possible for ${acceptUndoSeconds} seconds after accepting.`,
          { status: 'accepted', undoableUntil: undoableUntil.toISOString() },
        );
      }
      await writer.updateDeliverable(deliverableId, { acceptedAt: null });
      return {
        result: undefined,
        activity: {
          action: 'deliverable.acceptance_undone',
          taskId: task.id,
          stage: task.stage,
          oldValue: { deliverableId, status: 'accepted' },
          newValue: { deliverableId, title: before.title, status: 'submitted' },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /**
   * POST request-changes: an investor of the milestone sends a submitted deliverable back with a
   * comment; it stays `changes_requested` until the founder submits again.
   */
  async requestChanges(principal: Principal, deliverableId: string, comment: string): Promise<Deliverable> {
    await this.change(canReviewWork, principal, deliverableId, async (writer, before, task) => {
      const status = deliverableStatus(before);
      if (status !== 'submitted') {
        const why = {
          draft: `“${before.title}” has not been submitted yet; there is nothing to send back.`,
          accepted: `“${before.title}” is accepted already; it can no longer change.`,
          changes_requested: `“${before.title}” was sent back already; it waits for the founder to submit it again.`,
        } as const;
        throw new AppError('CONFLICT', why[status], { status });
      }
      await writer.updateDeliverable(deliverableId, { changesRequested: comment });
      return {
        result: undefined,
        activity: {
          action: 'deliverable.sent_back',
          taskId: task.id,
          stage: task.stage,
          newValue: { deliverableId, title: before.title, ...submittedValues(before), comment },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /** A deliverable change by a caller `rule` lets in, with the deliverable and its task as locked. */
  private async change(
    rule: MilestoneRule,
    principal: Principal,
    deliverableId: string,
    work: (writer: MilestoneWriter, deliverable: DeliverableRow, task: TaskRow) => Promise<ChangeOutcome<undefined>>,
  ): Promise<void> {
    const milestoneId = await this.repo.findMilestoneIdOfDeliverable(deliverableId);
    if (!milestoneId) throw deliverableNotFound();
    await this.gate.require(principal, milestoneId, rule).catch(notFoundAs(deliverableNotFound));
    await this.gate.changeAs(rule, principal, milestoneId, async (writer) => {
      const deliverable = await writer.findDeliverable(deliverableId);
      if (!deliverable) throw deliverableNotFound();
      return work(writer, deliverable, await lockedTask(writer, deliverable.taskId));
    });
  }

  private async describe(deliverableId: string): Promise<Deliverable> {
    const row = await this.repo.findDeliverable(deliverableId);
    if (!row) throw deliverableNotFound();
    return this.answer(row);
  }

  /** The answers for a caller who passed the read check: only then are files' addresses signed. */
  private answers(rows: DeliverableRow[]): Promise<Deliverable[]> {
    return Promise.all(rows.map((row) => this.answer(row)));
  }

  private async answer(row: DeliverableRow): Promise<Deliverable> {
    if (row.fileKey === null) return toDeliverable(row);
    return toDeliverable(row, {
      key: row.fileKey,
      name: row.fileName ?? '',
      contentType: row.fileContentType ?? 'application/octet-stream',
      size: row.fileSize ?? 0,
      url: await this.files.downloadUrl(row.fileKey),
    });
  }
}
