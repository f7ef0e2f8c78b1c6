import type { Readable } from 'node:stream';
import { type StoredKind, storedKinds } from '@deckvalid/contract/uploads';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';

/** What the store knows about a stored object. */
export type StoredObject = { size: number };

/** The signed PUT the browser makes: where, and which headers it must send unchanged. */
export type SignedUpload = { url: string; headers: Record<string, string> };

/**
 * One storage interface, two drivers: the local folder (HMAC-signed URLs served by this
 * process) and S3-compatible buckets (presigned URLs). Keys are always made by the server.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Origin of the signed URLs when they point away from this server (null: same origin). */
  readonly origin: string | null;
  /** A URL that accepts one PUT of `contentType`, at most `maxBytes`, until `expiresAt`. */
  createUploadUrl(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    /** Exact size, when the browser said it: S3 then signs the Content-Length too. */
    size?: number;
    expiresAt: Date;
  }): Promise<SignedUpload>;
  /** A URL that serves the object until `expiresAt`. */
  createDownloadUrl(input: { key: string; contentType: string; expiresAt: Date }): Promise<string>;
  /** The object's size, or null when nothing is stored under the key. */
  stat(key: string): Promise<StoredObject | null>;
  /** The first `length` bytes (fewer when the object is shorter). */
  readStart(key: string, length: number): Promise<Buffer>;
  read(key: string): Promise<Buffer>;
  /**
   * The object as a stream with its size, for sending it on without holding it in memory (a
   * 50 MB data room file); fails before the first byte when nothing is stored under the key.
   */
  readStream(key: string): Promise<{ stream: Readable; size: number }>;
  /** Stores bytes the server itself made (demo seed); browsers always go through a signed upload. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes what uploads cut off by a crash left behind and nothing has written to since
   * `before`; answers how many went. Uploads still streaming are never that old.
   */
  removeAbandonedParts(before: Date): Promise<number>;
}

const extensionByType: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};
const typeByExtension = Object.fromEntries(Object.entries(extensionByType).map(([type, ext]) => [ext, type]));

const folderByKind: Record<StoredKind, string> = {
  deck: 'decks',
  picture: 'pictures',
  attachment: 'attachments',
  document: 'documents',
  thumbnail: 'thumbnails',
};
const kindByFolder = Object.fromEntries(Object.entries(folderByKind).map(([kind, folder]) => [folder, kind])) as Record<
  string,
  StoredKind
>;

/** decks/usr-…/upl-….pdf: the folder says the kind, the second part the owner. */
const keyPattern =
  /^(decks|pictures|attachments|documents|thumbnails)\/((?:usr|inv|mtr)-[0-9a-z]{16})\/upl-[0-9a-z]{16}\.(pdf|png|jpg|webp|xlsx|xls|csv|docx|doc|pptx)$/;

/** A fresh key for an upload of `kind` by `ownerId`. */
export function newObjectKey(kind: StoredKind, ownerId: string, contentType: string): string {
  return `${folderByKind[kind]}/${ownerId}/${newId('upl-')}.${extensionByType[contentType]}`;
}

/** Reads a key the server made; anything else is null. */
export function parseObjectKey(key: string): { kind: StoredKind; ownerId: string; contentType: string } | null {
  const match = keyPattern.exec(key);
  if (!match) return null;
  const [, folder, ownerId, extension] = match as unknown as [string, string, string, string];
  const contentType = typeByExtension[extension];
  const kind = kindByFolder[folder];
  if (!contentType || !kind) return null;
  return { kind, ownerId, contentType };
}

const kindNames: Record<StoredKind, string> = {
  deck: 'Decks',
  picture: 'Profile pictures',
  attachment: 'Attachments',
  document: 'Data-room files',
  thumbnail: 'Deck previews',
};
const acceptedNames: Record<StoredKind, string> = {
  deck: 'a PDF',
  picture: 'a PNG, JPEG or WebP image',
  attachment: 'a PDF, or a PNG, JPEG or WebP image',
  document:
    'a PDF, a spreadsheet (XLSX, XLS or CSV), a document (DOCX or DOC), a presentation (PPTX) or a PNG or JPEG image',
  thumbnail: 'a WebP image',
};
const smallerAdvice: Record<StoredKind, string> = {
  deck: 'Compress the PDF (for example, export it with smaller images) and upload it again.',
  picture: 'Choose a smaller image and upload it again.',
  attachment: 'Compress the file or split it, and upload it again.',
  document: 'Compress the file or split it, and upload it again.',
  thumbnail: 'Process the deck again.',
};

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

/** 415 unless `contentType` is one the kind accepts. */
export function assertAcceptedType(kind: StoredKind, contentType: string): void {
  if (!(storedKinds[kind].contentTypes as readonly string[]).includes(contentType)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${kindNames[kind]} must be ${acceptedNames[kind]}. Export the file in that format and upload it again.`,
      { accepted: storedKinds[kind].contentTypes },
    );
  }
}

/** 413 when `size` bytes is over the kind's cap. */
export function assertAcceptedSize(kind: StoredKind, size: number): void {
  const { maxBytes } = storedKinds[kind];
  if (size > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is ${megabytes(size)}; ${kindNames[kind].toLowerCase()} can be at most ${megabytes(maxBytes)}. ` +
        smallerAdvice[kind],
      { maxBytes },
    );
  }
}

/** 413 for a body longer than the size its signed URL was issued for. */
export function largerThanSignedError(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `This upload link takes at most ${maxBytes.toLocaleString('en-US')} bytes, the size of the file it was made for. Choose the file again.`,
    { maxBytes },
  );
}

/** Bytes needed to recognise every accepted type. */
export const magicLength = 12;

/** The first bytes of a ZIP archive: every Office Open XML file (XLSX, DOCX, PPTX) is one. */
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The first bytes of an OLE compound file: the older Office formats (XLS, DOC). */
const oleSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Whether the file's first bytes are those of `contentType`, whatever the upload claimed. */
export function hasMagicBytes(contentType: string, start: Buffer): boolean {
  switch (contentType) {
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return start.subarray(0, 4).equals(zipSignature);
    case 'application/vnd.ms-excel':
    case 'application/msword':
      return start.subarray(0, 8).equals(oleSignature);
    case 'text/csv':
      // Text has no signature; a NUL byte says it is not text.
      return start.length > 0 && !start.includes(0);
    case 'application/pdf':
      return start.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'image/png':
      return start.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return start[0] === 0xff && start[1] === 0xd8 && start[2] === 0xff;
    case 'image/webp':
      return start.subarray(0, 4).toString('latin1') === 'RIFF' && start.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}

/** 415 for a file whose content is not what its type says. */
export function notThatTypeError(kind: StoredKind): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    {
      deck: 'This file is not a PDF, whatever its name says. Export your deck as a PDF and upload that file.',
      picture:
        'This file is not a PNG, JPEG or WebP image. Save the picture in one of those formats and upload it again.',
      attachment:
        'This file is not a PDF, PNG, JPEG or WebP file, whatever its name says. Save it in one of those formats and attach it again.',
      document:
        'This file is not what its type says (a PDF, spreadsheet, document, presentation or image). Save it again in that format and upload it.',
      thumbnail: 'This deck preview is not a WebP image.',
    }[kind],
  );
}
