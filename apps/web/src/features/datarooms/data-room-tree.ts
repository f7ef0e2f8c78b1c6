import type { DataRoomItem } from '@deckvalid/contract/datarooms';

/** How often a room is read again while one of its PDFs is still being processed. */
export const processingPollMs = 3_000;

/** Whether any PDF of the room is still processing (the room page polls until none is). */
export const hasProcessingFile = (items: readonly DataRoomItem[]) => items.some((item) => item.status === 'processing');

/** The folder the URL names, or null (the room's top) when it names none of this room's folders. */
export function folderOf(items: readonly DataRoomItem[], folderId: string | null): DataRoomItem | null {
  if (!folderId) return null;
  return items.find((item) => item.id === folderId && item.kind === 'folder') ?? null;
}

/** The items directly inside a folder (null: the top), folders first, then files, each by name. */
export function childrenOf(items: readonly DataRoomItem[], folderId: string | null): DataRoomItem[] {
  return items
    .filter((item) => item.parentId === folderId)
    .sort((a, b) =>
      a.kind === b.kind
        ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })
        : a.kind === 'folder'
          ? -1
          : 1,
    );
}

/** The folders from the top down to `folderId` itself, for the breadcrumbs. */
export function pathTo(items: readonly DataRoomItem[], folderId: string | null): DataRoomItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const path: DataRoomItem[] = [];
  // The tree is acyclic on the server; the length check keeps a broken answer from looping here.
  for (let id = folderId; id && path.length <= items.length; ) {
    const folder = byId.get(id);
    if (!folder) break;
    path.unshift(folder);
    id = folder.parentId;
  }
  return path;
}

/**
 * Where an item may move: the top and every folder except the item itself and, for a folder,
 * the folders inside it (the server refuses those moves too). Labels show the folder's path.
 */
export function moveTargetsOf(items: readonly DataRoomItem[], item: DataRoomItem): { value: string; label: string }[] {
  const isInside = (folder: DataRoomItem) => pathTo(items, folder.id).some((step) => step.id === item.id);
  const folders = items.filter((candidate) => candidate.kind === 'folder' && !isInside(candidate));
  return [
    { value: '', label: 'Top of the room' },
    ...folders
      .map((folder) => ({
        value: folder.id,
        label: pathTo(items, folder.id)
          .map((step) => step.name)
          .join(' / '),
      }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
}
