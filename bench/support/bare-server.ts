// The baseline: a bare Fastify route answering a JSON body of the same size as `me`, no auth, no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { user: { id: 'usr-0123456789abcdef', name: 'Bench Person', email: 'bench@example.test', role: 'user' } };
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
