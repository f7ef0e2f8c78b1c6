import { z } from 'zod';
import { idSchema, textSchema } from './text';
import { uploadKinds } from './uploads';

/**
 * Data rooms: a founder's folders of documents, shared inside the platform with investors whose
 * interest they accepted. This first part is the founder's rooms, folders and files (PDFs
 * processed as decks are, for page counts); investors' grants build on the same tree.
 */
export const dataRoomLimits = {
  /** Characters of a room's, a folder's or a file's name. */
  nameLength: 200,
  /** Rooms one founder may have. */
  roomsPerFounder: 100,
  /** Folders and files one room may hold. */
  itemsPerRoom: 2_000,
  /** Bytes of one file in a room: decks and any other document alike. */
  fileBytes: uploadKinds.document.maxBytes,
} as const;

const nameSchema = textSchema({
  max: dataRoomLimits.nameLength,
  required: 'Give a name.',
  tooLong: `Names can have at most ${dataRoomLimits.nameLength} characters.`,
}).min(1, 'Give a name.');

/** POST …/datarooms: a new, empty room. */
export const createDataRoomBodySchema = z.object({ name: nameSchema });
export type CreateDataRoomBody = z.infer<typeof createDataRoomBodySchema>;

/** PATCH …/datarooms/{roomId}: rename the room. */
export const updateDataRoomBodySchema = z.object({ name: nameSchema });
export type UpdateDataRoomBody = z.infer<typeof updateDataRoomBodySchema>;

/** POST …/folders: a folder at the room's top (no `parentId`) or inside another folder. */
export const createFolderBodySchema = z.object({ name: nameSchema, parentId: idSchema.nullish() });
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;

/**
 * PATCH …/items/{itemId}: rename, move, or both. `parentId: null` moves to the top; leaving it
 * out keeps the item where it is. A folder cannot move into itself or one of its own folders.
 */
export const updateItemBodySchema = z
  .object({ name: nameSchema.optional(), parentId: idSchema.nullish() })
  .refine((body) => body.name !== undefined || body.parentId !== undefined, 'Give a new name or a new folder.');
export type UpdateItemBody = z.infer<typeof updateItemBodySchema>;

/**
 * POST …/files: a file uploaded through `dataRoomPaths.uploadTicket` (the signed-upload flow
 * decks use), placed at the top or in a folder. A PDF is then processed as a deck is; the item
 * answers `status: 'processing'` until it is ready or failed.
 */
export const addFileBodySchema = z.object({
  key: textSchema({ required: 'Upload the file first.', max: 300, trim: false }).min(1, 'Upload the file first.'),
  name: nameSchema,
  parentId: idSchema.nullish(),
});
export type AddFileBody = z.infer<typeof addFileBodySchema>;

/** One folder or file of a room's tree, flat: `parentId` null at the top. */
export const dataRoomItemSchema = z.object({
  id: z.string(),
  /** The folder it sits in; null at the room's top. */
  parentId: z.string().nullable(),
  kind: z.enum(['folder', 'file']),
  name: z.string(),
  /** Bytes of a file; null for a folder. */
  size: z.number().int().nullable(),
  /** MIME type of a file; null for a folder. */
  mime: z.string().nullable(),
  /** A PDF's processing state; null for folders and other files, which are download only. */
  status: z.enum(['processing', 'ready', 'failed']).nullable(),
  /** Pages of a processed PDF; null otherwise. */
  pageCount: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataRoomItem = z.infer<typeof dataRoomItemSchema>;

/** A room as its list shows it. */
export const dataRoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Folders and files in the room. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataRoom = z.infer<typeof dataRoomSchema>;

/** A room with its whole tree, folders before files, each by name. */
export const dataRoomWithTreeSchema = dataRoomSchema.extend({ items: z.array(dataRoomItemSchema) });
export type DataRoomWithTree = z.infer<typeof dataRoomWithTreeSchema>;

export const dataRoomResponseSchema = z.object({ room: dataRoomWithTreeSchema });
export type DataRoomResponse = z.infer<typeof dataRoomResponseSchema>;
/** GET …/datarooms: the founder's rooms, newest first. */
export const dataRoomsResponseSchema = z.object({ data: z.array(dataRoomSchema) });
export type DataRoomsResponse = z.infer<typeof dataRoomsResponseSchema>;
export const dataRoomItemResponseSchema = z.object({ item: dataRoomItemSchema });
export type DataRoomItemResponse = z.infer<typeof dataRoomItemResponseSchema>;

export const dataRoomParamsSchema = z.object({ roomId: idSchema });
export const dataRoomItemParamsSchema = z.object({ roomId: idSchema, itemId: idSchema });

const segment = encodeURIComponent;

/** The founder's data-room calls. */
export const dataRoomPaths = {
  rooms: '/api/v1/users/datarooms',
  room: (roomId: string) => `/api/v1/users/datarooms/${segment(roomId)}`,
  /** GET ?fileType=&fileSize=: a signed upload for a file of a room (uploads.ts ticket). */
  uploadTicket: '/api/v1/users/datarooms/upload',
  folders: (roomId: string) => `/api/v1/users/datarooms/${segment(roomId)}/folders`,
  files: (roomId: string) => `/api/v1/users/datarooms/${segment(roomId)}/files`,
  /** The file itself: a PDF inline, anything else as an attachment. */
  file: (roomId: string, itemId: string) => `/api/v1/users/datarooms/${segment(roomId)}/items/${segment(itemId)}/file`,
  item: (roomId: string, itemId: string) => `/api/v1/users/datarooms/${segment(roomId)}/items/${segment(itemId)}`,
  /** Route patterns of the above, for the server's router. */
  roomPattern: '/api/v1/users/datarooms/:roomId',
  foldersPattern: '/api/v1/users/datarooms/:roomId/folders',
  itemPattern: '/api/v1/users/datarooms/:roomId/items/:itemId',
  filesPattern: '/api/v1/users/datarooms/:roomId/files',
  filePattern: '/api/v1/users/datarooms/:roomId/items/:itemId/file',
} as const;

/** POST …/grants: give the room to the investor of an accepted interest in one of the founder's decks. */
export const createGrantBodySchema = z.object({ interestId: idSchema });
export type CreateGrantBody = z.infer<typeof createGrantBodySchema>;

/** An investor's access to a room; it ends when the interest is withdrawn or declined. */
export const dataRoomGrantSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  interestId: z.string(),
  investorId: z.string(),
  createdAt: z.string(),
});
export type DataRoomGrant = z.infer<typeof dataRoomGrantSchema>;
export const dataRoomGrantResponseSchema = z.object({ grant: dataRoomGrantSchema });
/** GET …/grants: the investors who have the room now, newest grant first. */
export const dataRoomGrantsResponseSchema = z.object({ data: z.array(dataRoomGrantSchema) });
export type DataRoomGrantsResponse = z.infer<typeof dataRoomGrantsResponseSchema>;
export const dataRoomGrantParamsSchema = z.object({ roomId: idSchema, grantId: idSchema });

/** The founder's grant calls. */
export const dataRoomGrantPaths = {
  grants: (roomId: string) => `/api/v1/users/datarooms/${segment(roomId)}/grants`,
  grant: (roomId: string, grantId: string) => `/api/v1/users/datarooms/${segment(roomId)}/grants/${segment(grantId)}`,
  grantsPattern: '/api/v1/users/datarooms/:roomId/grants',
  grantPattern: '/api/v1/users/datarooms/:roomId/grants/:grantId',
} as const;

/** The investor's calls on rooms granted to them: the same room and tree shapes, read only. */
export const investorDataRoomPaths = {
  rooms: '/api/v1/investors/datarooms',
  room: (roomId: string) => `/api/v1/investors/datarooms/${segment(roomId)}`,
  file: (roomId: string, itemId: string) =>
    `/api/v1/investors/datarooms/${segment(roomId)}/items/${segment(itemId)}/file`,
  roomPattern: '/api/v1/investors/datarooms/:roomId',
  filePattern: '/api/v1/investors/datarooms/:roomId/items/:itemId/file',
} as const;
