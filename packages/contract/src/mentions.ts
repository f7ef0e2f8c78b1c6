// Mentions in what people write: chat messages and page comments alike.

/** One `@Name` in a text: where it is and whom it names. */
export type MentionRange = { start: number; end: number; accountId: string };

const isNameCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);

/**
 * The `@Name`s of `content` that name one of `people` (a chat room's members, a deck's founder
 * and mentors): `@` and a person's full name, or their first name when nobody else among them
 * has the same one, in any case, not inside a word (an email address is no mention) and not
 * followed by more of a name. The server decides mentions with it; the web marks them with it.
 * Ranges in the order they appear, the longest name winning where two start at the same `@`.
 */
export function findMentionRanges(content: string, people: readonly { id: string; name: string }[]): MentionRange[] {
  const lower = content.toLocaleLowerCase();
  const firstNames = new Map<string, number>();
  for (const person of people) {
    const first = person.name.trim().split(/\s+/)[0]?.toLocaleLowerCase() ?? '';
    firstNames.set(first, (firstNames.get(first) ?? 0) + 1);
  }
  const names = people.flatMap((person) => {
    const full = person.name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
    const first = full.split(' ')[0] ?? '';
    const forms = [full];
    if (first !== full && first !== '' && firstNames.get(first) === 1) forms.push(first);
    return forms.filter((form) => form !== '').map((form) => ({ form, accountId: person.id }));
  });
  names.sort((a, b) => b.form.length - a.form.length);
  const ranges: MentionRange[] = [];
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    if (isNameCharacter(lower[at - 1])) continue;
    const named = names.find(
      ({ form }) => lower.startsWith(form, at + 1) && !isNameCharacter(lower[at + 1 + form.length]),
    );
    if (named) ranges.push({ start: at, end: at + 1 + named.form.length, accountId: named.accountId });
  }
  return ranges;
}

/** The ids `content` mentions among `people`, each once (see `findMentionRanges`). */
export const findMentions = (content: string, people: readonly { id: string; name: string }[]): string[] => [
  ...new Set(findMentionRanges(content, people).map((range) => range.accountId)),
];
