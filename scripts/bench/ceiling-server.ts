/**
 * The throughput ceiling: a bare node:http server with no logic. Each catalogue endpoint answers its
 * success status with a fixed body, the schema example of its response (schemas/examples/), so the
 * ceiling puts the same bytes on the wire as a conforming server; anything else answers a small fixed
 * body. The mock's figures are read against what Node itself can do on this machine.
 * Usage: node --import tsx scripts/bench/ceiling-server.ts --port N
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { ENDPOINTS, pathPattern } from '../../lib/catalogue.ts';

interface FixedAnswer {
  method: string;
  pattern: RegExp;
  status: number;
  body: string;
}

const DEFAULT_BODY = JSON.stringify({ status: 'ok' });

function fixedAnswers(): FixedAnswer[] {
  return ENDPOINTS.map((endpoint) => {
    const example = `schemas/examples/${endpoint.responseSchema}.json`;
    return {
      method: endpoint.method,
      pattern: pathPattern(endpoint.path),
      status: endpoint.successStatuses[0]!,
      body:
        endpoint.responseSchema && existsSync(example)
          ? JSON.stringify(JSON.parse(readFileSync(example, 'utf8')))
          : DEFAULT_BODY,
    };
  });
}

const answers = fixedAnswers();
const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
});

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?', 1)[0];
  const answer = answers.find((a) => a.method === request.method && a.pattern.test(path!));
  const body = answer?.body ?? DEFAULT_BODY;
  // Drain the request body so keep-alive connections stay usable for the next request.
  request.resume();
  request.on('end', () => {
    response.writeHead(answer?.status ?? 200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});

server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.log(`listening on http://${values.host}:${port}`);
});

// Exit normally on SIGTERM so `node --cpu-prof` can write its profile.
process.once('SIGTERM', () => process.exit(0));
