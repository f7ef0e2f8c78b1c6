import { z } from 'zod';

/** What can be uploaded, with the types the server accepts and its size cap. */
export const uploadKinds = {
  deck: { contentTypes: ['application/pdf'], maxBytes: 50 * 1024 * 1024 },
  picture: { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * 1024 * 1024 },
} as const;
export type UploadKind = keyof typeof uploadKinds;

/** A deck may have at most this many pages; longer ones fail processing with a reason. */
export const maxDeckPages = 300;

/** Signed upload and download addresses stay valid this long. */
export const signedUrlTtlSeconds = 15 * 60;

/**
 * GET …/upload?fileType=&fileSize=: `fileType` is the file's MIME type; `fileSize` (bytes) is
 * optional but lets the server refuse an oversized file before any byte moves.
 */
export const uploadTicketQuerySchema = z.object({
  fileType: z
    .string({ error: 'Say which type of file you are uploading.' })
    .trim()
    .toLowerCase()
    .min(1, 'Say which type of file you are uploading.')
    .max(100),
  fileSize: z.coerce.number().int().min(1, 'That file is empty.').optional(),
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
  /** Largest file the URL accepts, in bytes. */
  maxBytes: z.number(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** DELETE /api/v1/users/pitchdecks/file?key= */
export const deleteUploadQuerySchema = z.object({
  key: z.string({ error: 'Say which file to delete.' }).min(1, 'Say which file to delete.').max(300),
});

/** PUT /api/users/profile/picture: the key of an uploaded picture. */
export const setProfilePictureBodySchema = z.object({
  key: z.string({ error: 'Upload a picture first.' }).min(1, 'Upload a picture first.').max(300),
});
export type SetProfilePictureBody = z.infer<typeof setProfilePictureBodySchema>;
