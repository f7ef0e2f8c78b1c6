// What an `@` being typed asks for, in the chat's composer and a page comment's alike.

/**
 * The `@name` being typed right before the caret, if any: where its `@` is and what follows it
 * (letters and digits, perhaps one space into a full name). A `@` inside a word (an email
 * address) starts none.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|[^\p{L}\p{N}])@([\p{L}\p{N}]*(?: [\p{L}\p{N}]*)?)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The people whose name (or a word of it) starts with `query`, case aside, at most `limit`. */
export function mentionSuggestions<Person extends { name: string }>(
  people: readonly Person[],
  query: string,
  limit = 5,
): Person[] {
  const needle = query.toLocaleLowerCase();
  return people
    .filter((person) => {
      const name = person.name.toLocaleLowerCase();
      return name.startsWith(needle) || name.split(/\s+/).some((word) => word.startsWith(needle));
    })
    .slice(0, limit);
}
