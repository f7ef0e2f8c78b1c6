import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups rows by their key, keeping their order within each group', () => {
    const rows = [
      { visitor: 'a', page: 1 },
      { visitor: 'b', page: 1 },
      { visitor: 'a', page: 2 },
    ];
    const groups = groupBy(
      rows,
      (row) => row.visitor,
      (row) => row.page,
    );
    expect([...groups.entries()]).toEqual([
      ['a', [1, 2]],
      ['b', [1]],
    ]);
  });

  it('answers an empty map for no rows', () => {
    expect(groupBy([], String, String).size).toBe(0);
  });
});
