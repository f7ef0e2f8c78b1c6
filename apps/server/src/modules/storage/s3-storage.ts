import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStorage, SignedUpload, StoredObject } from './storage';

/** Where the bucket is and who we are to it; without keys the SDK's default chain (instance role, env) answers. */
export type S3StorageOptions = {
  /** Set for MinIO, R2 or the test double; absent for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** SigV4 presigned URLs live at most seven days; S3 refuses longer ones outright. */
const maxPresignSeconds = 7 * 24 * 60 * 60;

const secondsUntil = (expiresAt: Date) =>
  Math.min(maxPresignSeconds, Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)));

/** HeadObject answers a bare 404 (no body, so no code but `NotFound`); GetObject says `NoSuchKey`. */
function isStatus(error: unknown, status: number): boolean {
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return metadata?.httpStatusCode === status;
}

/**
 * Files in an S3-compatible bucket. The browser talks to the bucket directly through presigned
 * URLs; this process only signs them and reads objects back for checks and processing.
 */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;
  readonly origin: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor({ endpoint, bucket, region, accessKeyId, secretAccessKey }: S3StorageOptions) {
    this.bucket = bucket;
    // Path-style on a given endpoint; AWS's own virtual-hosted address otherwise.
    this.origin = endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region ?? 'us-east-1'}.amazonaws.com`;
    this.client = new S3Client({
      region,
      endpoint,
      // MinIO, R2 and most self-hosted stores have no per-bucket DNS names.
      forcePathStyle: endpoint !== undefined,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // By default the SDK adds a CRC32 of the (empty) body to presigned PUTs, which no real
      // upload can match, and asks for checksums on GET; several S3-compatible stores reject both.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * A presigned PUT whose signature covers Content-Type and, when `size` is known, Content-Length:
   * S3 then refuses any other type or length. Without `size` S3 cannot cap the upload
   * (`maxBytes` needs a POST policy), so the caller must `stat` the object before trusting it.
   */
  async createUploadUrl({
    key,
    contentType,
    size,
    expiresAt,
  }: {
    key: string;
    contentType: string;
    maxBytes: number;
    size?: number;
    expiresAt: Date;
  }): Promise<SignedUpload> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
      // A conditional write: the URL stores one file and cannot replace it afterwards.
      IfNoneMatch: '*',
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: secondsUntil(expiresAt),
      // The presigner leaves these unsigned unless told; Content-Length is signed when present.
      signableHeaders: new Set(
        size === undefined ? ['content-type', 'if-none-match'] : ['content-type', 'content-length', 'if-none-match'],
      ),
    });
    // Content-Length is a header browsers set themselves and refuse to be given.
    return { url, headers: { 'Content-Type': contentType, 'If-None-Match': '*' } };
  }

  async createDownloadUrl({ key, contentType, expiresAt }: { key: string; contentType: string; expiresAt: Date }) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: contentType,
      ResponseContentDisposition: 'inline',
    });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(expiresAt) });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    try {
      // A range past the end is cut to the object's size, so short objects come back whole.
      return await this.get(key, `bytes=0-${length - 1}`);
    } catch (error) {
      // 416 is S3's answer for any range of an empty object.
      if (isStatus(error, 416)) return Buffer.alloc(0);
      throw error;
    }
  }

  read(key: string): Promise<Buffer> {
    return this.get(key);
  }

  async readStream(key: string): Promise<{ stream: Readable; size: number }> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    // On Node the SDK's body is the HTTP response itself, a Readable.
    const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
    return { stream: body, size: answer.ContentLength ?? 0 };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too, which is the idempotence the interface promises.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeAbandonedParts(): Promise<number> {
    // A presigned PUT stores the whole object or nothing: a cut-off upload leaves no part here.
    return 0;
  }

  private async get(key: string, range?: string): Promise<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
    if (!answer.Body) return Buffer.alloc(0);
    const bytes = await answer.Body.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
