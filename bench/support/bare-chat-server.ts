// The chat baseline: a bare Socket.IO server on the /chats namespace. A socket joins a room by
// name; a message is acknowledged and broadcast to the room as chat:new_message and chat:message,
// as the product does, with no authentication, no policy and no database.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { serveClient: false, transports: ['websocket'] });
let seq = 0;
io.of('/chats').on('connection', (socket) => {
  socket.on('join', (room: string, ack?: () => void) => {
    void socket.join(room);
    ack?.();
  });
  socket.on('chat:message', (payload: { chatRoomId: string; content: string }, ack?: (answer: unknown) => void) => {
    seq += 1;
    const message = { id: `msg-${seq}`, seq, chatRoomId: payload.chatRoomId, content: payload.content };
    ack?.({ ok: true, message });
    const room = io.of('/chats').to(payload.chatRoomId);
    room.emit('chat:new_message', message);
    room.emit('chat:message', message);
  });
});
http.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
// Answers health checks like the product, so the benchmark waits for both the same way.
http.on('request', (request, response) => {
  if (request.url === '/api/health') response.end('{"status":"ok"}');
});
