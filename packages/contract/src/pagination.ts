import { z } from 'zod';

/** Lists answer pages of at most this many rows (ARCHITECTURE.md §5). */
export const maxPageSize = 100;

/** `page` and `limit` query parameters; strings in a URL, numbers once parsed. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int('Use a whole page number.').min(1, 'Pages start at 1.').max(10_000).default(1),
  limit: z.coerce
    .number()
    .int('Use a whole number of rows.')
    .min(1, 'Ask for at least one row.')
    .max(maxPageSize, `Ask for at most ${maxPageSize} rows.`)
    .default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const pageMetaSchema = z.object({
  /** This page's number, from 1. */
  page: z.number(),
  /** Rows asked for per page; the last page may hold fewer. */
  limit: z.number(),
  /** Rows across every page. */
  total: z.number(),
  /** Whether a later page has rows. */
  hasMore: z.boolean(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** The meta of one page of `total` rows. */
export const pageMeta = ({ page, limit }: { page: number; limit: number }, total: number): PageMeta => ({
  page,
  limit,
  total,
  hasMore: page * limit < total,
});

/** The `{ data, meta }` answer of every paginated list. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    /** The rows of this page, in the list's order. */
    data: z.array(item),
    meta: pageMetaSchema,
  });
/** A page of any item, derived from `pageOf` so the shape is stated once. */
export type Page<Item> = z.infer<ReturnType<typeof pageOf<z.ZodType<Item>>>>;
