// The yardstick: a bare Fastify route answering a small JSON body, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  ret: 0,
  errCode: 0,
  msg: 'success',
  data: { _id: '000000000000000000000000', title: 'bare' },
}));
await app.listen({ port: Number(process.env.PORT ?? 8302), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
