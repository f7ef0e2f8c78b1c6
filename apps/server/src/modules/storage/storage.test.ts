import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { storagePathPrefix } from '@deckvalid/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@/config';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { startS3Server } from '../../../test/s3-server';
import { createStorage } from './create-storage';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';
import { type FileStorage, hasMagicBytes, magicLength, newObjectKey, parseObjectKey } from './storage';

/** What a browser would get back from a signed URL: a status and, on success, the bytes. */
type Answer = { status: number; body: Buffer };

/**
 * One driver under test, reached the way the browser reaches it. The local driver's HTTP route
 * belongs to the app's integration tests, so here its signed URLs go through verify() and
 * write()/read(), the two calls that route makes; S3 URLs are fetched from the double.
 */
type Harness = {
  storage: FileStorage;
  upload: (url: string, headers: Record<string, string>, body: Buffer) => Promise<Answer>;
  download: (url: string) => Promise<Answer>;
  close: () => Promise<void>;
};

const statusOf = (error: unknown) => {
  if (error instanceof AppError) return { status: error.status, body: Buffer.alloc(0) };
  throw error;
};

async function localHarness(): Promise<Harness> {
  const root = await mkdtemp(path.join(tmpdir(), 'pitchlane-storage-'));
  const storage = new LocalFileStorage(root, 'storage-test-secret-that-is-long-enough-0123456789');
  const parse = (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://api.invalid');
    expect(pathname.startsWith(storagePathPrefix)).toBe(true);
    return {
      key: decodeURIComponent(pathname.slice(storagePathPrefix.length)),
      query: Object.fromEntries(searchParams),
    };
  };
  return {
    storage,
    upload: async (url, _headers, body) => {
      const { key, query } = parse(url);
      try {
        const accepted = storage.verify('PUT', key, query);
        await storage.write(key, Readable.from([body]), accepted);
        return { status: 200, body: Buffer.alloc(0) };
      } catch (error) {
        return statusOf(error);
      }
    },
    download: async (url) => {
      const { key, query } = parse(url);
      try {
        storage.verify('GET', key, query);
        return { status: 200, body: await storage.read(key) };
      } catch (error) {
        return statusOf(error);
      }
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const double = await startS3Server();
  const storage = new S3FileStorage(double);
  const answer = async (response: Response) => ({
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
  });
  return {
    storage,
    upload: async (url, headers, body) => answer(await fetch(url, { method: 'PUT', headers, body })),
    download: async (url) => answer(await fetch(url)),
    close: double.close,
  };
}

const deck = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 'x'), Buffer.from('\n%%EOF\n')]);
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const newDeckKey = () => newObjectKey('deck', newId('usr-'), 'application/pdf');

/** Signs at a clock an hour behind, so a URL valid for 15 minutes has long expired by now. */
async function signedAnHourAgo<T>(sign: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 60 * 60_000);
  try {
    return await sign();
  } finally {
    vi.useRealTimers();
  }
}

/** Flips one character of the signature, keeping the URL well-formed. */
function alterSignature(url: string): string {
  return url.replace(
    /([?&](?:X-Amz-Signature|signature)=)(.)/,
    (_m, name: string, first: string) => `${name}${first === 'a' ? 'b' : 'a'}`,
  );
}

describe.each([
  ['local', localHarness],
  ['s3', s3Harness],
] as const)('%s storage driver', (_driver, makeHarness) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness.close());

  async function uploaded(body = deck): Promise<string> {
    const key = newDeckKey();
    const { url, headers } = await harness.storage.createUploadUrl({
      key,
      contentType: 'application/pdf',
      maxBytes: 50 * 1024 * 1024,
      size: body.length,
      expiresAt: inMinutes(15),
    });
    expect(headers['Content-Type']).toBe('application/pdf');
    expect((await harness.upload(url, headers, body)).status).toBe(200);
    return key;
  }

  it('stores an upload made through the signed URL and reads it back', async () => {
    const key = await uploaded();
    expect(await harness.storage.stat(key)).toEqual({ size: deck.length });
    expect(await harness.storage.readStart(key, magicLength)).toEqual(deck.subarray(0, magicLength));
    expect(await harness.storage.readStart(key, deck.length + 100)).toEqual(deck);
    expect(await harness.storage.read(key)).toEqual(deck);
  });

  it('streams a stored object with its size, and refuses a missing one before any byte', async () => {
    const key = await uploaded();
    const { stream, size } = await harness.storage.readStream(key);
    expect(size).toBe(deck.length);
    expect(await buffer(stream)).toEqual(deck);
    await expect(harness.storage.readStream(newDeckKey())).rejects.toThrow();
  });

  it('answers null for the stat of a key with nothing stored', async () => {
    expect(await harness.storage.stat(newDeckKey())).toBeNull();
  });

  it('serves the file through the download URL', async () => {
    const key = await uploaded();
    const url = await harness.storage.createDownloadUrl({
      key,
      contentType: 'application/pdf',
      expiresAt: inMinutes(15),
    });
    const answer = await harness.download(url);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(deck);
  });

  it('refuses a download URL that was altered, points elsewhere or has expired', async () => {
    const key = await uploaded();
    const other = await uploaded();
    const url = await harness.storage.createDownloadUrl({
      key,
      contentType: 'application/pdf',
      expiresAt: inMinutes(15),
    });
    expect((await harness.download(alterSignature(url))).status).toBe(403);
    expect((await harness.download(url.replace(key, other))).status).toBe(403);
    const expired = await signedAnHourAgo(() =>
      harness.storage.createDownloadUrl({ key, contentType: 'application/pdf', expiresAt: inMinutes(15) }),
    );
    expect((await harness.download(expired)).status).toBe(403);
  });

  it('refuses an upload URL that was altered or has expired, storing nothing', async () => {
    const key = newDeckKey();
    const ticket = { key, contentType: 'application/pdf', maxBytes: 50 * 1024 * 1024, expiresAt: inMinutes(15) };
    const { url, headers } = await harness.storage.createUploadUrl(ticket);
    expect((await harness.upload(alterSignature(url), headers, deck)).status).toBe(403);
    const expired = await signedAnHourAgo(() =>
      harness.storage.createUploadUrl({ ...ticket, expiresAt: inMinutes(15) }),
    );
    expect((await harness.upload(expired.url, expired.headers, deck)).status).toBe(403);
    expect(await harness.storage.stat(key)).toBeNull();
  });

  it('deletes idempotently', async () => {
    const key = await uploaded();
    await harness.storage.delete(key);
    expect(await harness.storage.stat(key)).toBeNull();
    await expect(harness.storage.delete(key)).resolves.toBeUndefined();
  });
});

describe('S3 driver against the double', () => {
  let double: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3FileStorage;
  beforeAll(async () => {
    double = await startS3Server();
    storage = new S3FileStorage(double);
  });
  afterAll(() => double.close());

  const ticket = (size?: number) => ({
    key: newDeckKey(),
    contentType: 'application/pdf',
    maxBytes: 50 * 1024 * 1024,
    size,
    expiresAt: inMinutes(15),
  });

  it('refuses a presigned PUT sent with another Content-Type than signed', async () => {
    const input = ticket();
    const { url } = await storage.createUploadUrl(input);
    const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: deck });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(double.objects.has(input.key)).toBe(false);
  });

  it('refuses a presigned PUT whose body is not the signed length', async () => {
    const input = ticket(deck.length);
    const { url, headers } = await storage.createUploadUrl(input);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    for (const body of [deck.subarray(0, 100), Buffer.concat([deck, deck])]) {
      const response = await fetch(url, { method: 'PUT', headers, body });
      expect(response.status).toBe(403);
    }
    expect(double.objects.has(input.key)).toBe(false);
    expect((await fetch(url, { method: 'PUT', headers, body: deck })).status).toBe(200);
    expect(double.objects.get(input.key)).toEqual({ body: deck, contentType: 'application/pdf' });
  });

  it('answers an expired URL with an S3 AccessDenied error', async () => {
    const input = ticket();
    const { url, headers } = await signedAnHourAgo(() =>
      storage.createUploadUrl({ ...input, expiresAt: inMinutes(15) }),
    );
    const response = await fetch(url, { method: 'PUT', headers, body: deck });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired/);
  });

  it('serves downloads inline with the stored type', async () => {
    const input = ticket();
    const { url, headers } = await storage.createUploadUrl(input);
    await fetch(url, { method: 'PUT', headers, body: deck });
    const download = await fetch(await storage.createDownloadUrl({ ...input, expiresAt: inMinutes(15) }));
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('inline');
  });

  it('accepts header-signed SDK writes with default checksums and refuses a wrong secret', async () => {
    const client = (secretAccessKey: string) =>
      new S3Client({
        endpoint: double.endpoint,
        forcePathStyle: true,
        region: double.region,
        credentials: { accessKeyId: double.accessKeyId, secretAccessKey },
      });
    const good = client(double.secretAccessKey);
    const buffered = newDeckKey();
    await good.send(
      new PutObjectCommand({ Bucket: double.bucket, Key: buffered, Body: deck, ContentType: 'application/pdf' }),
    );
    // A stream of unknown length goes out aws-chunked, with the checksum as a trailer.
    const streamed = newDeckKey();
    await good.send(
      new PutObjectCommand({
        Bucket: double.bucket,
        Key: streamed,
        Body: Readable.from([deck]),
        ContentLength: deck.length,
      }),
    );
    expect(await storage.read(buffered)).toEqual(deck);
    expect(await storage.read(streamed)).toEqual(deck);
    const bad = client('not-the-secret');
    await expect(
      bad.send(new PutObjectCommand({ Bucket: double.bucket, Key: newDeckKey(), Body: deck })),
    ).rejects.toThrow(expect.objectContaining({ name: 'SignatureDoesNotMatch' }));
    good.destroy();
    bad.destroy();
  });
});

describe('S3 double with a bucket CORS rule', () => {
  const origin = 'http://127.0.0.1:5173';
  let double: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3FileStorage;
  beforeAll(async () => {
    double = await startS3Server({ cors: { allowedOrigins: [origin] } });
    storage = new S3FileStorage(double);
  });
  afterAll(() => double.close());

  /** The preflight a browser sends before a PUT carrying the ticket's headers. */
  const preflight = (url: string, from: string, headers: Record<string, string>) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: from,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': Object.keys(headers).join(',').toLowerCase(),
      },
    });

  it("passes the upload ticket's headers for the allowed origin only, unsigned", async () => {
    const { url, headers } = await storage.createUploadUrl({
      key: newDeckKey(),
      contentType: 'application/pdf',
      maxBytes: 50 * 1024 * 1024,
      size: deck.length,
      expiresAt: inMinutes(15),
    });
    const allowed = await preflight(url, origin, headers);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type, if-none-match');
    expect((await preflight(url, 'http://elsewhere.test', headers)).status).toBe(403);
    expect((await preflight(url, origin, { ...headers, 'X-Debug': '1' })).status).toBe(403);
  });

  it('exposes range headers to the origin, on refusals too', async () => {
    const missing = await fetch(
      await storage.createDownloadUrl({ key: newDeckKey(), contentType: 'application/pdf', expiresAt: inMinutes(15) }),
      {
        headers: { origin },
      },
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(origin);
    expect(missing.headers.get('access-control-expose-headers')).toContain('Accept-Ranges');
  });

  it('refuses every preflight without a CORS rule, as a bare bucket does', async () => {
    const bare = await startS3Server();
    try {
      const url = `${bare.endpoint}/${bare.bucket}/any.pdf`;
      expect((await preflight(url, origin, {})).status).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('createStorage', () => {
  it('picks the driver the environment names', () => {
    const base = { DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(40) };
    expect(createStorage(loadConfig(base)).driver).toBe('local');
    const s3 = loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'decks', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(s3.s3).toMatchObject({ bucket: 'decks', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000' });
    expect(createStorage(s3).driver).toBe('s3');
  });

  it('refuses STORAGE_DRIVER=s3 without a bucket, saying what to set', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', AUTH_SECRET: 'x'.repeat(40) })).toThrow(/S3_BUCKET/);
  });
});

describe('data-room documents', () => {
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('makes and reads back keys for every document type, under documents/', () => {
    for (const type of [xlsx, 'application/vnd.ms-excel', 'text/csv', 'application/msword', 'application/pdf']) {
      const key = newObjectKey('document', 'usr-0123456789abcdef', type);
      expect(key).toMatch(/^documents\/usr-0123456789abcdef\/upl-[0-9a-z]{16}\.\w+$/);
      expect(parseObjectKey(key)).toEqual({ kind: 'document', ownerId: 'usr-0123456789abcdef', contentType: type });
    }
  });

  it('knows Office files by their archive or compound-file bytes, and a CSV by holding no NUL', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(hasMagicBytes(xlsx, zip)).toBe(true);
    expect(hasMagicBytes(xlsx, ole)).toBe(false);
    expect(hasMagicBytes('application/vnd.ms-excel', ole)).toBe(true);
    expect(hasMagicBytes('application/vnd.ms-excel', zip)).toBe(false);
    expect(hasMagicBytes('text/csv', Buffer.from('a,b\n1,2'))).toBe(true);
    expect(hasMagicBytes('text/csv', Buffer.from([0x61, 0x00]))).toBe(false);
    expect(hasMagicBytes('text/csv', Buffer.alloc(0))).toBe(false);
  });
});
