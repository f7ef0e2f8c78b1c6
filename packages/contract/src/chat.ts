import { z } from 'zod';
import { maxPageSize, pageMetaSchema, pageOf, paginationQuerySchema } from './pagination';
import { formatCount, idSchema, textSchema } from './text';

/**
 * Chat (spec §2 'Chat widget', §3, §7 Chat API and namespace /chats, §9). Rooms hold private
 * conversations between two tied accounts and group conversations named by their creator; each
 * room numbers its messages (`seq`, gap-free) and each participant keeps a read watermark, from
 * which unread counts and read receipts are derived. Rules: docs/chat.md.
 */
export const chatLimits = {
  /** Characters in one message, after trimming. */
  messageLength: 4_000,
  /**
   * Characters of one socket event's payload, its keys and strings counted: a larger one is
   * refused with PAYLOAD_TOO_LARGE in its acknowledgement, far below Socket.IO's 1 MB buffer,
   * past which the connection itself is dropped without an answer.
   */
  eventPayloadChars: 64 * 1024,
  /** Messages in one page of history (spec §9: hasMore is assumed from 20). */
  pageSize: 20,
  /** Characters in a group room's name. */
  roomNameLength: 80,
  /** Participants a group room may be created with, besides its creator. */
  groupParticipants: 50,
  /** Characters of an optimistic client id (`tmp-…`). */
  clientIdLength: 64,
  /** The largest seq a caller may name: seqs are PostgreSQL `integer` (int4) columns. */
  seqMax: 2_147_483_647,
  /** Characters of a message search. */
  searchLength: 200,
  /** Characters of the quoted message a reply shows. */
  replyExcerptLength: 140,
} as const;

/**
 * The reactions a message takes (a small fixed set, as Slack's quick reactions): each person
 * toggles each one on or off.
 */
export const chatReactionEmoji = ['👍', '❤️', '😂', '🎉', '👀', '🙏'] as const;
export type ChatReactionEmoji = (typeof chatReactionEmoji)[number];

export const chatRoomTypes = ['private', 'group', 'bot'] as const;
export type ChatRoomType = (typeof chatRoomTypes)[number];

/**
 * Why a membership ended (docs/chat.md, "Membership"): the interest tie it depended on ended, the
 * group's creator removed the member, or the member left.
 */
export const chatLeaveReasons = ['tie_ended', 'removed', 'left'] as const;
export type ChatLeaveReason = (typeof chatLeaveReasons)[number];

const id = idSchema;

/** A message's text: not blank once trimmed, at most 4,000 characters. */
export const chatContentSchema = textSchema({
  required: 'Write a message.',
  max: chatLimits.messageLength,
  tooLong: `Keep a message to ${formatCount(chatLimits.messageLength)} characters.`,
}).min(1, 'Write a message.');

/** The id a sender gives its optimistic copy; a retried send with the same id stores nothing new. */
export const chatClientIdSchema = textSchema({
  max: chatLimits.clientIdLength,
  tooLong: 'That client id is too long.',
  trim: false,
})
  .min(1)
  .regex(/^[\w-]+$/, 'Use letters, digits, - and _ in a client id.');

/** A message's seq as a caller names it: a whole number within the database column's range. */
const seqSchema = (message: string, min: number) =>
  z.coerce.number().int(message).min(min, message).max(chatLimits.seqMax, message);

export const chatParticipantSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'investor', 'mentor']),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Spec §3: 'Investor' or 'User' (a founder). */
  userType: z.enum(['Investor', 'User']),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatReadReceiptSchema = z.object({ userId: z.string(), readAt: z.string() });
export type ChatReadReceipt = z.infer<typeof chatReadReceiptSchema>;

/** One emoji on a message: how many reacted with it, and who (to name them). */
export const chatReactionSchema = z.object({
  emoji: z.enum(chatReactionEmoji),
  count: z.number().int(),
  /** Who reacted, earliest first. */
  accountIds: z.array(z.string()),
});
export type ChatReaction = z.infer<typeof chatReactionSchema>;

/** The message a reply answers, as the reply shows it (a click jumps to it by `seq`). */
export const chatReplyToSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  /** Null once the sender's account is gone, or for the copilot. */
  senderName: z.string().nullable(),
  /** The start of its text as it is now; empty once deleted. */
  excerpt: z.string(),
  isDeleted: z.boolean(),
});
export type ChatReplyTo = z.infer<typeof chatReplyToSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  chatRoomId: z.string(),
  /** Position in the room: 1, 2, 3… without gaps. */
  seq: z.number().int(),
  senderId: z.string().nullable(),
  senderRole: z.enum(['user', 'investor', 'mentor']).nullable(),
  content: z.string(),
  type: z.literal('text'),
  createdAt: z.string(),
  /** The sender's optimistic id, so its copy is replaced rather than shown twice. */
  clientId: z.string().nullable(),
  /** The other participants whose read watermark has passed this message. */
  readBy: z.array(chatReadReceiptSchema),
  /** Null once the sender's account is gone. */
  sender: z.object({ id: z.string(), name: z.string(), role: z.enum(['user', 'investor', 'mentor']) }).nullable(),
  /**
   * The room's change number of this message's last edit, deletion or reaction (0: never
   * changed). Rooms number changes 1, 2, 3… as they number messages; the higher `rev` of two
   * copies of a message is the newer, and `changedAfterRev` catches up on changes (docs/chat.md).
   */
  rev: z.number().int(),
  /** When its author last edited it; null if never. */
  editedAt: z.string().nullable(),
  /** When its author deleted it: it keeps its place, its `content` is empty. */
  deletedAt: z.string().nullable(),
  /** The message it answers, or null. */
  replyTo: chatReplyToSchema.nullable(),
  /** Its reactions, in the order of `chatReactionEmoji`; none on a deleted message. */
  reactions: z.array(chatReactionSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  id: z.string(),
  /** The group's name, or the other participant's name in a private room. */
  name: z.string(),
  type: z.enum(chatRoomTypes),
  /** Who made the room (a group's creator is the one who removes members); null once their account is gone. */
  createdBy: z.string().nullable(),
  participants: z.array(chatParticipantSchema),
  lastMessageAt: z.string().nullable(),
  lastMessage: z
    .object({ content: z.string(), seq: z.number().int(), senderId: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  /** The newest seq in the room (0 when empty): where a client's catch-up ends. */
  lastSeq: z.number().int(),
  /** The room's newest change number (edits, deletions, reactions; 0 when none): see `ChatMessage.rev`. */
  lastRev: z.number().int(),
  /** Messages after the caller's read watermark, not counting the caller's own. */
  unreadCount: z.number().int(),
  /** The caller's read watermark. */
  readSeq: z.number().int(),
  /** True once the tie behind the room ended: history stays readable, new messages are refused. */
  readOnly: z.boolean(),
  /** The caller muted the room: `unreadCount` is 0 for them, and nothing of it notifies them. */
  muted: z.boolean(),
  /**
   * When the caller's membership ended; null while a member. A room left stays listed, read-only,
   * with its history up to the leave (`lastSeq` is the last message they may read).
   */
  leftAt: z.string().nullable(),
  /** Why the caller's membership ended; null while a member. */
  leftReason: z.enum(chatLeaveReasons).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** GET /api/v1/chats/rooms: `page` and `limit` as every list (default 20, at most 100). */
export const chatRoomsQuerySchema = paginationQuerySchema;
export type ChatRoomsQuery = z.infer<typeof chatRoomsQuerySchema>;

/**
 * GET /api/v1/chats/rooms: a page of rooms, most recent activity first, under `rooms` (the key
 * spec §7 fixes) with the `meta` of every paginated list.
 */
export const chatRoomsResponseSchema = z.object({ rooms: z.array(chatRoomSchema), meta: pageMetaSchema });
export type ChatRoomsResponse = z.infer<typeof chatRoomsResponseSchema>;

export const chatRoomParamsSchema = z.object({ roomId: id });

/** DELETE /api/v1/chats/rooms/{roomId}/members/{accountId} */
export const chatMemberParamsSchema = z.object({ roomId: id, accountId: id });
export type ChatMemberParams = z.infer<typeof chatMemberParamsSchema>;

/** PUT /api/v1/chats/rooms/{roomId}/mute: mute (true) or unmute (false) the room for the caller. */
export const muteChatRoomBodySchema = z.object({ muted: z.boolean({ error: 'Say muted: true or false.' }) }).strict();
export type MuteChatRoomBody = z.infer<typeof muteChatRoomBodySchema>;

export const muteChatRoomResponseSchema = z.object({ chatRoomId: z.string(), muted: z.boolean() });
export type MuteChatRoomResponse = z.infer<typeof muteChatRoomResponseSchema>;

/**
 * GET /api/v1/chats/rooms/{roomId}/messages. Without `afterSeq`: newest first, `limit` a page,
 * `before` (a seq) to page back from a message. With `afterSeq`: the catch-up, oldest first,
 * every message after that seq (up to `limit`; `hasMore` says to ask again).
 */
export const chatMessagesQuerySchema = z
  .object({
    page: z.coerce.number().int('Use a whole page number.').min(1, 'Pages start at 1.').max(10_000).default(1),
    limit: z.coerce
      .number()
      .int('Use a whole number of messages.')
      .min(1, 'Ask for at least one message.')
      .max(maxPageSize, `Ask for at most ${maxPageSize} messages.`)
      .default(chatLimits.pageSize),
    before: seqSchema('before is a message seq.', 1).optional(),
    afterSeq: seqSchema('afterSeq is a message seq.', 0).optional(),
    /**
     * The catch-up of changes: the messages edited, deleted or reacted to after this change
     * number, in the order of their `rev`, up to `limit` (`hasMore` says to ask again).
     */
    changedAfterRev: seqSchema('changedAfterRev is a change number.', 0).optional(),
  })
  .refine(
    (query) => [query.before, query.afterSeq, query.changedAfterRev].filter((value) => value !== undefined).length <= 1,
    { message: 'Ask for messages before a seq, after one, or changed after a change number: one of them.' },
  );
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

export const chatMessagesResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  meta: z.object({
    hasMore: z.boolean(),
    /**
     * The room's newest change number, read before the messages: a client holds every change up
     * to it once it holds these (and catches up on changes from it after a reconnect).
     */
    lastRev: z.number().int(),
  }),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/** PUT /api/v1/chats/rooms/{roomId}/read: up to `seq` (default: the newest message). */
export const markChatReadBodySchema = z
  .object({ seq: z.number().int().min(0).max(chatLimits.seqMax, 'seq is a message seq.').optional() })
  .strict()
  .optional()
  .default({});
export type MarkChatReadBody = z.infer<typeof markChatReadBodySchema>;

export const markChatReadResponseSchema = z.object({
  chatRoomId: z.string(),
  readSeq: z.number().int(),
  unreadCount: z.number().int(),
});
export type MarkChatReadResponse = z.infer<typeof markChatReadResponseSchema>;

/** POST /api/v1/chats/rooms/private */
export const openPrivateRoomBodySchema = z.object({ participantId: id }).strict();
export type OpenPrivateRoomBody = z.infer<typeof openPrivateRoomBodySchema>;

/** The name of a group, as it is created and renamed. */
const groupNameSchema = textSchema({
  required: 'Name the group.',
  max: chatLimits.roomNameLength,
  tooLong: `Use at most ${chatLimits.roomNameLength} characters for the name.`,
}).min(1, 'Name the group.');

/** POST /api/v1/chats/rooms/group (an addition to spec §7) */
export const createGroupRoomBodySchema = z
  .object({
    name: groupNameSchema,
    participantIds: z
      .array(id)
      .min(1, 'Add at least one person.')
      .max(chatLimits.groupParticipants, `A group holds at most ${chatLimits.groupParticipants} people besides you.`),
  })
  .strict();
export type CreateGroupRoomBody = z.infer<typeof createGroupRoomBodySchema>;

/** PATCH /api/v1/chats/rooms/{roomId}: the group's creator renames it (our addition). */
export const renameChatRoomBodySchema = z.object({ name: groupNameSchema }).strict();
export type RenameChatRoomBody = z.infer<typeof renameChatRoomBodySchema>;

/** POST /api/v1/chats/rooms/{roomId}/members: the group's creator adds people tied to them (our addition). */
export const addChatMembersBodySchema = z
  .object({
    participantIds: z
      .array(id)
      .min(1, 'Add at least one person.')
      .max(chatLimits.groupParticipants, `A group holds at most ${chatLimits.groupParticipants} people besides you.`),
  })
  .strict();
export type AddChatMembersBody = z.infer<typeof addChatMembersBodySchema>;

/** A room as a change to it answers: the room as the caller now sees it. */
export const chatRoomOnlyResponseSchema = z.object({ room: chatRoomSchema });
export type ChatRoomOnlyResponse = z.infer<typeof chatRoomOnlyResponseSchema>;

/**
 * Someone the caller may start a conversation with (GET /api/v1/chats/contacts): an account an
 * interest ties them to, as the chat policy counts ties, with their private room once it exists.
 */
export const chatContactSchema = chatParticipantSchema.extend({
  /** The pair's private room, or null before either opened it. */
  privateRoomId: z.string().nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/** GET /api/v1/chats/contacts: `page` and `limit` as every list; ordered by name. */
export const chatContactsQuerySchema = paginationQuerySchema;
export const chatContactsResponseSchema = pageOf(chatContactSchema);
export type ChatContactsResponse = z.infer<typeof chatContactsResponseSchema>;

/**
 * GET /api/v1/chats/search: full-text search over the messages of the rooms the caller is in
 * (and, for rooms they left, the messages up to the leave). Every word matches as a word or the
 * start of one; newest first.
 */
export const chatSearchQuerySchema = paginationQuerySchema.extend({
  q: textSchema({
    required: 'Type something to search for.',
    max: chatLimits.searchLength,
    tooLong: `Search with at most ${chatLimits.searchLength} characters.`,
  }).min(1, 'Type something to search for.'),
});
export type ChatSearchQuery = z.infer<typeof chatSearchQuerySchema>;

/** One message that matched, with the room it is in (to open the room at that message). */
export const chatSearchHitSchema = z.object({
  message: chatMessageSchema,
  room: z.object({ id: z.string(), name: z.string(), type: z.enum(chatRoomTypes) }),
});
export type ChatSearchHit = z.infer<typeof chatSearchHitSchema>;
export const chatSearchResponseSchema = pageOf(chatSearchHitSchema);
export type ChatSearchResponse = z.infer<typeof chatSearchResponseSchema>;

export const chatRoomResponseSchema = z.object({
  room: chatRoomSchema,
  meta: z.object({ created: z.boolean() }),
});
export type ChatRoomResponse = z.infer<typeof chatRoomResponseSchema>;

/** Socket chat:message (spec §7), acknowledged with the stored message. */
export const sendChatMessagePayloadSchema = z.object({
  chatRoomId: id,
  content: chatContentSchema,
  type: z.literal('text').optional().default('text'),
  /** The sender's optimistic id (`tmp-…`): a retried send with the same one stores nothing new. */
  clientId: chatClientIdSchema.optional(),
  /** The message of the same room this one answers. */
  replyToId: id.optional(),
});
export type SendChatMessagePayload = z.infer<typeof sendChatMessagePayloadSchema>;

/** PATCH /api/v1/chats/rooms/{roomId}/messages/{messageId} and DELETE: one message of the room. */
export const chatMessageParamsSchema = z.object({ roomId: id, messageId: id });
export type ChatMessageParams = z.infer<typeof chatMessageParamsSchema>;

/** PATCH …/messages/{messageId}: its author rewrites it (our addition). */
export const editChatMessageBodySchema = z.object({ content: chatContentSchema }).strict();
export type EditChatMessageBody = z.infer<typeof editChatMessageBodySchema>;

/** PUT …/messages/{messageId}/reactions: the caller's reaction with one emoji, on or off (our addition). */
export const reactChatMessageBodySchema = z
  .object({
    emoji: z.enum(chatReactionEmoji, { error: `React with one of ${chatReactionEmoji.join(' ')}.` }),
    reacted: z.boolean({ error: 'Say reacted: true or false.' }),
  })
  .strict();
export type ReactChatMessageBody = z.infer<typeof reactChatMessageBodySchema>;

/** What an edit, a deletion or a reaction answers: the message as it is now. */
export const chatMessageOnlyResponseSchema = z.object({ message: chatMessageSchema });
export type ChatMessageOnlyResponse = z.infer<typeof chatMessageOnlyResponseSchema>;

/** Socket chat:edit_message: as PATCH …/messages/{messageId}. */
export const editChatMessagePayloadSchema = z.object({ chatRoomId: id, messageId: id, content: chatContentSchema });
/** Socket chat:delete_message: as DELETE …/messages/{messageId}. */
export const deleteChatMessagePayloadSchema = z.object({ chatRoomId: id, messageId: id });
/** Socket chat:react: as PUT …/messages/{messageId}/reactions. */
export const reactChatMessagePayloadSchema = reactChatMessageBodySchema.extend({ chatRoomId: id, messageId: id });

/**
 * Socket chat:join, chat:leave (and the older joinRoom, leaveRoom): the room, as `{ chatRoomId }`,
 * `{ roomId }` or its bare id; parsed to the id.
 */
export const chatRoomRefPayloadSchema = z.union([
  z.object({ chatRoomId: id }).transform((value) => value.chatRoomId),
  z.object({ roomId: id }).transform((value) => value.roomId),
  id,
]);

/** Socket chat:mark_read: up to `seq` (default: the newest message), as PUT …/read. */
export const markChatReadPayloadSchema = z.object({
  chatRoomId: id,
  seq: z.number().int().min(0).max(chatLimits.seqMax, 'seq is a message seq.').optional(),
});
export type MarkChatReadPayload = z.infer<typeof markChatReadPayloadSchema>;

/** Socket chat:typing, relayed to the others who have the room open. */
export const chatTypingPayloadSchema = z.object({ chatRoomId: id, isTyping: z.boolean() });
export type ChatTypingPayload = z.infer<typeof chatTypingPayloadSchema>;

/** Chat API paths (spec §7). */
export const chatPaths = {
  rooms: '/api/v1/chats/rooms',
  privateRoom: '/api/v1/chats/rooms/private',
  /** POST: the investor's copilot room (type `bot`, one per investor), made on first ask (spec §7). */
  botRoom: '/api/v1/chats/rooms/private/bot',
  groupRoom: '/api/v1/chats/rooms/group',
  /** GET: who the caller may start a conversation with (our addition). */
  contacts: '/api/v1/chats/contacts',
  /** GET `?q`: full-text search over the caller's messages (our addition). */
  search: '/api/v1/chats/search',
  /** PATCH `{ name }`: the group's creator renames it (our addition). */
  room: (roomId: string) => `/api/v1/chats/rooms/${encodeURIComponent(roomId)}`,
  /** POST `{ participantIds }`: the group's creator adds people (our addition). */
  members: (roomId: string) => `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/members`,
  messages: (roomId: string) => `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/messages`,
  read: (roomId: string) => `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/read`,
  /** DELETE: the group's creator takes a member out (our addition). */
  member: (roomId: string, accountId: string) =>
    `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/members/${encodeURIComponent(accountId)}`,
  /** POST: the caller leaves a group (our addition). */
  leave: (roomId: string) => `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/leave`,
  /** PUT `{ muted }`: the caller silences a room for themself (our addition). */
  mute: (roomId: string) => `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/mute`,
  /** PATCH `{ content }`: its author edits it; DELETE: its author deletes it (our additions). */
  message: (roomId: string, messageId: string) =>
    `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/messages/${encodeURIComponent(messageId)}`,
  /** PUT `{ emoji, reacted }`: a member's reaction, on or off (our addition). */
  reactions: (roomId: string, messageId: string) =>
    `/api/v1/chats/rooms/${encodeURIComponent(roomId)}/messages/${encodeURIComponent(messageId)}/reactions`,
} as const;

/**
 * Chat events of the /chats namespace that are ours, beyond spec §7's (docs/api.md, Chat).
 */
export const chatSocketEvents = {
  /**
   * The account is no longer in the room: its sockets left the room's channel, nothing more of
   * the room reaches it, and its history stays readable up to the leave (docs/chat.md).
   */
  roomLeft: 'chat:room_left',
  /**
   * A message was edited, deleted or reacted to: the message as it is now, with its `rev`, to
   * every member's sockets (as `chat:new_message` goes). A copy with a lower `rev` is older.
   */
  messageUpdated: 'chat:message_updated',
  /** Sent by a client: edit one's own message, `{ chatRoomId, messageId, content }`. */
  editMessage: 'chat:edit_message',
  /** Sent by a client: delete one's own message, `{ chatRoomId, messageId }`. */
  deleteMessage: 'chat:delete_message',
  /** Sent by a client: react, `{ chatRoomId, messageId, emoji, reacted }`. */
  react: 'chat:react',
} as const;

/**
 * The handshake's `auth.events`: what a client asks of the message events. `full` (the default,
 * spec §7) hears each message as both `chat:new_message` and `chat:message`, and a
 * `chat:messages_read` for what a send marks read. `compact` hears each message once, as
 * `chat:new_message`, and derives the sender's receipt from it (sending reads every earlier
 * message); it still hears `chat:messages_read` for reads that are not sends. In a busy room a
 * compact client gets a third of the frames, and the server writes a third as many.
 */
export const chatEventModes = ['full', 'compact'] as const;
export type ChatEventMode = (typeof chatEventModes)[number];

/** What `chat:room_left` carries: the room, and why the account is out of it. */
export const chatRoomLeftSchema = z.object({ chatRoomId: z.string(), reason: z.enum(chatLeaveReasons) });
export type ChatRoomLeft = z.infer<typeof chatRoomLeftSchema>;

/**
 * What one account may do in chat before it is refused with RATE_LIMITED and a retry time
 * (`details.retryAfterSeconds` over HTTP, `error.retryAfterSeconds` in a socket ack): one sender
 * must not slow everyone else's sends, nor fill another person's room list.
 */
export const chatRateLimits = {
  /** Messages a second an account may keep sending (a token bucket refilled at this rate). */
  sendsPerSecond: 20,
  /** Messages an account may send at once after a pause: the bucket's size. */
  sendBurst: 40,
  /** Sockets one account may hold open on one server process (every tab and device). */
  socketsPerAccount: 20,
  /** Group rooms one account may create in 24 hours. */
  groupRoomsPerDay: 20,
} as const;
