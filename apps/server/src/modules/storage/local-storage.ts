import { createReadStream } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { storagePathPrefix } from '@deckvalid/contract/api-paths';
import { hmacSha256, randomSecret, safeEqual } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import {
  type FileStorage,
  hasMagicBytes,
  largerThanSignedError,
  magicLength,
  notThatTypeError,
  parseObjectKey,
  type SignedUpload,
  type StoredObject,
} from './storage';

/** The query string of a signed local URL. */
export type SignedQuery = { expires?: string; type?: string; max?: string; signature?: string };

const refused = () =>
  new AppError('FORBIDDEN', 'This file link is not valid or has expired. Go back and try again for a fresh link.');

/**
 * Where uploads stream to before they are complete, beside the stored files (a hard link needs
 * the same file system) but apart from them, so the sweep lists this folder alone. The leading
 * dot keeps it out of every key: keys never start with one.
 */
export const partsFolder = '.parts';

/**
 * Files under DATA_DIR/uploads, reached through URLs this process signs with HMAC-SHA-256: a
 * URL names its method, key, expiry and (for uploads) type and size cap, so none can be changed.
 */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local' as const;
  readonly origin = null;
  private readonly signingKey: string;

  constructor(
    private readonly root: string,
    authSecret: string,
  ) {
    // A key of its own: a leaked file link must not help forge anything else.
    this.signingKey = hmacSha256(authSecret, 'pitchlane:storage-urls');
  }

  async createUploadUrl({
    key,
    contentType,
    maxBytes,
    expiresAt,
  }: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresAt: Date;
  }): Promise<SignedUpload> {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    const max = String(maxBytes);
    const signature = this.sign('PUT', key, expires, contentType, max);
    const query = new URLSearchParams({ expires, type: contentType, max, signature });
    return { url: `${storagePathPrefix}${key}?${query}`, headers: { 'Content-Type': contentType } };
  }

  async createDownloadUrl({ key, expiresAt }: { key: string; expiresAt: Date }): Promise<string> {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    const signature = this.sign('GET', key, expires, '', '');
    return `${storagePathPrefix}${key}?${new URLSearchParams({ expires, signature })}`;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return { size: info.size };
    } catch {
      return null;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async readStream(key: string): Promise<{ stream: Readable; size: number }> {
    // Opened first, so a missing file is this call's error, not the stream's after the headers.
    const handle = await open(this.pathOf(key), 'r');
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.write(key, Readable.from([Buffer.from(bytes)]), { contentType, maxBytes: Number.MAX_SAFE_INTEGER });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Deletes part files last written before `before`. A process killed mid-upload (SIGKILL, an
   * OOM kill, a power cut) never reaches the clean-up in `write`, and its part would stay
   * forever; a live upload writes its part with every chunk it receives.
   */
  async removeAbandonedParts(before: Date): Promise<number> {
    const folder = path.join(this.root, partsFolder);
    const names = await readdir(folder).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Checks a signed URL's query for `method` on `key`; answers the upload's type and cap for a PUT. */
  verify(method: 'PUT' | 'GET', key: string, query: SignedQuery): { contentType: string; maxBytes: number } {
    const { expires = '', type = '', max = '', signature = '' } = query;
    if (!parseObjectKey(key) || !/^\d{1,12}$/.test(expires)) throw refused();
    const expected =
      method === 'PUT' ? this.sign('PUT', key, expires, type, max) : this.sign('GET', key, expires, '', '');
    if (!safeEqual(expected, signature)) throw refused();
    if (Number(expires) * 1000 < Date.now()) throw refused();
    return { contentType: type, maxBytes: Number(max) };
  }

  /**
   * Streams an upload to disk, refusing it as soon as it passes `maxBytes` or its first bytes
   * are not `contentType`'s; nothing is left behind on refusal. The file appears under its key
   * only when complete.
   */
  async write(key: string, body: Readable, { contentType, maxBytes }: { contentType: string; maxBytes: number }) {
    const target = this.pathOf(key);
    const partial = path.join(this.root, partsFolder, `${randomSecret(9)}.part`);
    const kind = parseObjectKey(key)?.kind ?? 'deck';
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(path.dirname(partial), { recursive: true });
    const handle = await open(partial, 'w');
    let size = 0;
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) throw largerThanSignedError(maxBytes);
        if (head.length < magicLength) {
          head = Buffer.concat([head, chunk.subarray(0, magicLength - head.length)]);
          if (head.length >= magicLength && !hasMagicBytes(contentType, head)) throw notThatTypeError(kind);
        }
        await handle.write(chunk);
      }
      if (size === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty. Choose the file again.');
      if (!hasMagicBytes(contentType, head)) throw notThatTypeError(kind);
      await handle.close();
      // link() fails when the key exists: each signed URL stores one file, once, and a stored
      // deck cannot be swapped for another file behind its page count and search text.
      try {
        await link(partial, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new AppError('CONFLICT', 'This upload link was already used. Choose the file again for a new link.');
        }
        throw error;
      }
      await rm(partial, { force: true });
      return { size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * The stored file's size, its type (from its verified key) and a stream of it (or of bytes
   * `start`–`end`, inclusive), or null when it is gone.
   */
  async openRead(
    key: string,
  ): Promise<{ size: number; contentType: string; open: (start?: number, end?: number) => Readable } | null> {
    const parsed = parseObjectKey(key);
    const info = parsed ? await this.stat(key) : null;
    if (!parsed || !info) return null;
    return {
      size: info.size,
      contentType: parsed.contentType,
      open: (start, end) => createReadStream(this.pathOf(key), { start, end }),
    };
  }

  private sign(method: string, key: string, expires: string, type: string, max: string): string {
    return hmacSha256(this.signingKey, `${method}\n${key}\n${expires}\n${type}\n${max}`);
  }

  private pathOf(key: string): string {
    // Keys match parseObjectKey's pattern (no dots but the extension, no '..'), so they stay under root.
    if (!parseObjectKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.root, key);
  }
}
