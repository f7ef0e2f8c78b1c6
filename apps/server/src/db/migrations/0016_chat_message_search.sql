-- Message search (issue 18): GET /api/v1/chats/search matches to_tsvector('simple', content)
-- against a prefix tsquery; this GIN index holds that very expression.
CREATE INDEX "chat_messages_content_search" ON "chat_messages" USING gin (to_tsvector('simple', "content"));