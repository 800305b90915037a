// The baseline of `npm run bench`: a bare Fastify hello-world in its own process, no logger, no
// hooks, answering the success envelope. It prints its port when listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ success: true, value: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
