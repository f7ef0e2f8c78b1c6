import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { interests } from '@/modules/interests/interests.schema';
import { milestones } from '@/modules/milestones/milestones.schema';
import { qualified } from './qualified';

describe('qualified', () => {
  const db = drizzle.mock();
  const inSelectList = (subquery: ReturnType<typeof sql>) =>
    db.select({ id: milestones.id, subquery }).from(milestones).where(eq(milestones.id, 'x')).toSQL().sql;

  it('names the table of an outer column in a one-table select list, where a bare column loses it', () => {
    const bare = sql`exists (select 1 from ${interests} where ${interests.pitchDeckId} = ${milestones.pitchDeckId})`;
    expect(inSelectList(bare)).toContain('where "pitch_deck_id" = "pitch_deck_id"');
    const named = sql`exists (select 1 from ${interests} where ${qualified(interests.pitchDeckId)} = ${qualified(milestones.pitchDeckId)})`;
    expect(inSelectList(named)).toContain('where "interests"."pitch_deck_id" = "milestones"."pitch_deck_id"');
  });
});
