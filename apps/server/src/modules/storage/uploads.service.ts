import { type StoredKind, signedUrlTtlSeconds, type UploadKind, type UploadTicket } from '@deckvalid/contract/uploads';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import {
  assertAcceptedSize,
  assertAcceptedType,
  type FileStorage,
  hasMagicBytes,
  magicLength,
  newObjectKey,
  notThatTypeError,
  parseObjectKey,
} from './storage';
import { canUseUpload } from './storage.policy';
import type { UploadsRepository } from './uploads.repository';

const notYours = () =>
  new AppError('NOT_FOUND', 'That upload was not found. Upload the file again.', { reason: 'UPLOAD_NOT_FOUND' });

/** The parsed key when it names an upload of `kind` by this account; 404 otherwise. */
function ownUpload(principal: Principal, kind: UploadKind, key: string) {
  const parsed = parseObjectKey(key);
  if (!parsed || !canUseUpload(principal, parsed, kind)) throw notYours();
  return parsed;
}

/** An upload nothing uses this long after its URL was handed out is deleted by `sweep`. */
export const unusedUploadTtlMs = 24 * 60 * 60 * 1000;

/** A part file untouched this long belongs to an upload whose process died; live ones write every chunk. */
export const abandonedPartAgeMs = 60 * 60 * 1000;

/** Upload URLs an account may hold within a day that no deck or picture uses yet. */
export const maxUnusedUploadsPerDay = 20;

/**
 * Signed uploads for decks and pictures: issues the PUT URL, and later checks an uploaded object
 * before anything uses it (owner, presence, size, real type), deleting what fails the check.
 */
export class UploadsService {
  constructor(
    private readonly storage: FileStorage,
    private readonly repo: UploadsRepository,
  ) {}

  async issueTicket(
    principal: Principal,
    kind: UploadKind,
    { fileType, fileSize }: { fileType: string; fileSize: number },
  ): Promise<UploadTicket> {
    assertAcceptedType(kind, fileType);
    assertAcceptedSize(kind, fileSize);
    const since = new Date(Date.now() - unusedUploadTtlMs);
    if ((await this.repo.countUnusedSince(principal.accountId, since)) >= maxUnusedUploadsPerDay) {
      throw new AppError(
        'RATE_LIMITED',
        `You started ${maxUnusedUploadsPerDay} uploads in the last day that are not decks or pictures yet. ` +
          'Submit or remove one, or try again tomorrow.',
      );
    }
    const key = newObjectKey(kind, principal.accountId, fileType);
    await this.repo.insert(key, principal.accountId);
    const expiresAt = new Date(Date.now() + signedUrlTtlSeconds * 1000);
    // The URL accepts the size asked for at most, never the kind's whole cap.
    const maxBytes = fileSize;
    const signed = await this.storage.createUploadUrl({
      key,
      contentType: fileType,
      maxBytes,
      size: fileSize,
      expiresAt,
    });
    return {
      uploadUrl: signed.url,
      method: 'PUT',
      key,
      headers: signed.headers,
      expiresAt: expiresAt.toISOString(),
      maxBytes,
    };
  }

  /**
   * Answers the stored object's size once it proves to be an upload of `kind` by this account
   * with the right size and first bytes. A file failing the check is deleted, so nothing
   * refused stays stored.
   */
  async checkUploaded(
    principal: Principal,
    kind: UploadKind,
    key: string,
  ): Promise<{ size: number; contentType: string }> {
    const parsed = ownUpload(principal, kind, key);
    const stored = await this.storage.stat(key);
    if (!stored) {
      throw new AppError('VALIDATION_FAILED', 'The file has not finished uploading. Upload it again.', {
        fields: [{ path: 'key', message: 'The file has not finished uploading.' }],
      });
    }
    try {
      assertAcceptedSize(kind, stored.size);
      if (!hasMagicBytes(parsed.contentType, await this.storage.readStart(key, magicLength))) {
        throw notThatTypeError(kind);
      }
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    return { size: stored.size, contentType: parsed.contentType };
  }

  /** Deletes an upload of this account that nothing uses yet (`isInUse` asks the owning module). */
  async deleteUnused(principal: Principal, kind: UploadKind, key: string, isInUse: () => Promise<boolean>) {
    ownUpload(principal, kind, key);
    if (await isInUse())
      throw new AppError('CONFLICT', 'This file belongs to a submitted deck and cannot be deleted here.');
    await this.forget(key);
  }

  /** A short-lived URL to read `key`; only call it for an account allowed to see the object. */
  async downloadUrl(key: string): Promise<string> {
    const parsed = parseObjectKey(key);
    if (!parsed) throw new Error(`not a storage key: ${key}`);
    return this.storage.createDownloadUrl({
      key,
      contentType: parsed.contentType,
      expiresAt: new Date(Date.now() + signedUrlTtlSeconds * 1000),
    });
  }

  /** Deletes a file its owning module no longer uses, and its upload record. */
  async forget(key: string): Promise<void> {
    await this.storage.delete(key);
    await this.repo.deleteKeys([key]);
  }

  /**
   * Deletes every file handed out to `ownerId` and their records, used or not: a deleted
   * account's decks and picture stop serving at once, not when the sweep comes by.
   */
  async forgetAllOf(ownerId: string): Promise<number> {
    const keys = await this.repo.findKeysByOwnerId(ownerId);
    for (const key of keys) await this.storage.delete(key);
    await this.repo.deleteKeys(keys);
    return keys.length;
  }

  /**
   * Stores a file the server made itself (the demo seed) under a fresh key of `ownerId`'s, with
   * the same record a signed upload leaves, so everything said of uploads holds for it too.
   */
  async storeServerFile(ownerId: string, kind: StoredKind, bytes: Uint8Array, contentType: string): Promise<string> {
    assertAcceptedType(kind, contentType);
    const key = newObjectKey(kind, ownerId, contentType);
    await this.repo.insert(key, ownerId);
    await this.storage.put(key, bytes, contentType);
    return key;
  }

  /**
   * Deletes files whose upload URL was handed out over a day ago and that no deck or picture
   * uses: uploads abandoned before submitting (a closed tab cannot always say so), and files of
   * deleted accounts; and the part files of uploads cut off by a crash. Answers how many went.
   * Safe on several processes at once: deleting is idempotent.
   */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - unusedUploadTtlMs);
    let swept = await this.storage.removeAbandonedParts(new Date(now.getTime() - abandonedPartAgeMs));
    for (;;) {
      const keys = await this.repo.findUnusedBefore(cutoff, 200);
      if (keys.length === 0) return swept;
      for (const key of keys) await this.storage.delete(key);
      await this.repo.deleteKeys(keys);
      swept += keys.length;
    }
  }
}
