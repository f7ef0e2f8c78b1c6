import type { DataRoomItem } from '@deckvalid/contract/datarooms';
import { describe, expect, it } from 'vitest';
import { folderItem, pdfItem } from '@/test/data-rooms';
import { childrenOf, folderOf, hasProcessingFile, moveTargetsOf, pathTo } from './data-room-tree';

const items = [
  pdfItem('f1', 'a.pdf', null),
  folderItem('legal', 'Legal'),
  folderItem('contracts', 'Contracts', 'legal'),
  pdfItem('f2', 'Lease.pdf', 'contracts', { status: 'processing' }),
  folderItem('finance', 'Finance'),
];

describe('a data room tree', () => {
  it('lists a folder with its folders first, each by name', () => {
    expect(childrenOf(items, null).map((item) => item.name)).toEqual(['Finance', 'Legal', 'a.pdf']);
    expect(childrenOf(items, 'contracts').map((item) => item.id)).toEqual(['f2']);
  });

  it('walks the path from the top for the breadcrumbs, and ignores a folder not in the room', () => {
    expect(pathTo(items, 'contracts').map((item) => item.name)).toEqual(['Legal', 'Contracts']);
    expect(folderOf(items, 'nope')).toBeNull();
    expect(folderOf(items, 'f1')).toBeNull();
  });

  it('offers no move into the folder itself or a folder inside it', () => {
    const legal = items[1] as DataRoomItem;
    expect(moveTargetsOf(items, legal).map((target) => target.label)).toEqual(['Top of the room', 'Finance']);
  });

  it('knows when a PDF is still processing', () => {
    expect(hasProcessingFile(items)).toBe(true);
    expect(hasProcessingFile(items.slice(0, 3))).toBe(false);
  });
});
