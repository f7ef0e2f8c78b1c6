import { z } from 'zod';
import { textSchema } from './text';

/** What can be uploaded, with the types the server accepts and its size cap. */
export const uploadKinds = {
  deck: { contentTypes: ['application/pdf'], maxBytes: 50 * 1024 * 1024 },
  picture: { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * 1024 * 1024 },
  /** A file attached to a milestone thread's message: the types the server recognises by their first bytes. */
  attachment: {
    contentTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 20 * 1024 * 1024,
  },
  /**
   * A file of a data room: a PDF (read as decks are, viewed in the app) or any of the documents a
   * raise needs besides, which download only. Each is recognised by its first bytes; a CSV, which
   * has none, by holding text.
   */
  document: {
    contentTypes: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'image/png',
      'image/jpeg',
    ],
    maxBytes: 50 * 1024 * 1024,
  },
} as const;
export type UploadKind = keyof typeof uploadKinds;

/** What the server stores: every kind browsers upload, and the files it makes itself. */
export const storedKinds = {
  ...uploadKinds,
  /** Page 1 of a deck version, drawn by the server while processing; never uploaded by a browser. */
  thumbnail: { contentTypes: ['image/webp'], maxBytes: 2 * 1024 * 1024 },
} as const;
export type StoredKind = keyof typeof storedKinds;

/** A deck may have at most this many pages; longer ones fail processing with a reason. */
export const maxDeckPages = 300;

/**
 * Why a longer deck is refused, in one sentence for both sides: the browser says it before the
 * upload starts (it reads the PDF for the preview anyway), the server's processing if a file
 * gets past that (an old tab, a direct call).
 */
export function tooManyPagesMessage(pageCount: number): string {
  return `The deck has ${pageCount} pages; decks can have at most ${maxDeckPages}.`;
}

/** Signed upload and download addresses stay valid this long. */
export const signedUrlTtlSeconds = 15 * 60;

/**
 * GET …/upload?fileType=&fileSize=: the file's MIME type and its size in bytes. The signed URL
 * accepts at most that many bytes, so an oversized file is refused before any byte moves and a
 * URL cannot be reused for a larger file.
 */
export const uploadTicketQuerySchema = z.object({
  fileType: textSchema({ required: 'Say which type of file you are uploading.', max: 100 })
    .toLowerCase()
    .min(1, 'Say which type of file you are uploading.'),
  fileSize: z.coerce
    .number({ error: 'Say how large the file is, in bytes.' })
    .int('Say how large the file is, in bytes.')
    .min(1, 'That file is empty.'),
});
export type UploadTicketQuery = z.infer<typeof uploadTicketQuerySchema>;

/** The answer: where and how the browser PUTs the file, and the key that names it afterwards. */
export const uploadTicketSchema = z.object({
  /** Absolute or same-origin URL the file is PUT to, unchanged. */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Object key made by the server; send it back when creating the deck or setting the picture. */
  key: z.string(),
  /** Headers the PUT must carry exactly (at least Content-Type). */
  headers: z.record(z.string(), z.string()),
  /** When the signed URL stops working (ISO-8601). */
  expiresAt: z.string(),
  /** Largest file the URL accepts, in bytes (the size asked for). Each URL stores one file, once. */
  maxBytes: z.number(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/**
 * The local driver's answer to a PUT on `uploadUrl` (S3 answers with the bucket's own response,
 * so the web relies on the status only and names the file by the ticket's `key`).
 */
export const storedUploadSchema = z.object({
  /** The object key the file was stored under: the ticket's `key`. */
  key: z.string(),
  /** Bytes stored. */
  size: z.number(),
});
export type StoredUpload = z.infer<typeof storedUploadSchema>;

/** DELETE /api/v1/users/pitchdecks/file?key= */
export const deleteUploadQuerySchema = z.object({
  key: textSchema({ required: 'Say which file to delete.', max: 300, trim: false }).min(1, 'Say which file to delete.'),
});

/** PUT /api/users/profile/picture: the key of an uploaded picture. */
export const setProfilePictureBodySchema = z.object({
  key: textSchema({ required: 'Upload a picture first.', max: 300, trim: false }).min(1, 'Upload a picture first.'),
});
export type SetProfilePictureBody = z.infer<typeof setProfilePictureBodySchema>;
