/**
 * Every table in one object, as drizzle-kit (which diffs it against the committed migrations)
 * and the Drizzle client (whose query types are built from it) need. Each table is defined and
 * owned by its module's `<domain>.schema.ts`; nothing is declared here.
 */
export * from '@/modules/accounts/accounts.schema';
export * from '@/modules/ai/ai.schema';
export * from '@/modules/analysis/analysis.schema';
export * from '@/modules/auth/auth.schema';
export * from '@/modules/chat/chat.schema';
export * from '@/modules/comments/comments.schema';
export * from '@/modules/datarooms/datarooms.schema';
export * from '@/modules/interests/interests.schema';
export * from '@/modules/links/links.schema';
export * from '@/modules/mentors/mentors.schema';
export * from '@/modules/milestones/milestones.schema';
export * from '@/modules/milestones/threads.schema';
export * from '@/modules/notifications/notifications.schema';
export * from '@/modules/oauth/oauth.schema';
export * from '@/modules/pitchdecks/pitchdecks.schema';
export * from '@/modules/reviews/reviews.schema';
export * from '@/modules/storage/storage.schema';
