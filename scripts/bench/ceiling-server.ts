/**
 * The throughput ceiling: a bare node:http server answering every request with one fixed JSON body,
 * so the mock's figures can be read against what Node itself can do on this machine.
 * Usage: node --import tsx scripts/bench/ceiling-server.ts --port N
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const FIXED_BODY = JSON.stringify({ id: '1', name: 'ceiling', status: 'ok' });

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
});

const server = createServer((request, response) => {
  // Drain the request body so keep-alive connections stay usable for the next request.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(FIXED_BODY),
    });
    response.end(FIXED_BODY);
  });
});

server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.log(`listening on http://${values.host}:${port}`);
});
