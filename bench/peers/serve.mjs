// One peer of bench/mock-peers.ts serving one captured answer in this process, from this folder's pinned
// packages: `node serve.mjs <bare|mockttp|http-middleware> <answer.json> <port>`. The answer file holds
// { path, status, headers, body }, the bytes the mock gave; the peer replays them for GET <path>.
// Prints `listening <url>` once it takes requests.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [peer, file, portText] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(file, 'utf8'));
const port = Number(portText);
const path = new URL(answer.path, 'http://x').pathname;
const ready = () => console.log(`listening http://127.0.0.1:${port}`);

if (peer === 'bare') {
  // The floor: node:http sending the captured bytes with a Content-Length, nothing looked at.
  const body = Buffer.from(answer.body);
  const headers = { ...answer.headers, 'content-length': String(body.length) };
  createServer((_req, res) => {
    res.writeHead(answer.status, headers);
    res.end(body);
  }).listen(port, '127.0.0.1', ready);
} else if (peer === 'mockttp') {
  const { getLocal } = await import('mockttp');
  const server = getLocal();
  await server.start(port);
  // Headers given to thenReply are sent as they are: without a Content-Length the body would end only with the connection.
  const length = String(Buffer.byteLength(answer.body));
  await server.forGet(path).thenReply(answer.status, answer.body, { ...answer.headers, 'content-length': length });
  ready();
} else if (peer === 'http-middleware') {
  // MSW 2's handlers behind an Express server: MSW's own way of serving its handlers over HTTP.
  const { createServer: createMswServer } = await import('@mswjs/http-middleware');
  const { http, HttpResponse } = await import('msw');
  const app = createMswServer(http.get(path, () => new HttpResponse(answer.body, { status: answer.status, headers: answer.headers })));
  app.listen(port, '127.0.0.1', ready);
} else {
  console.error(`serve.mjs: no peer ${JSON.stringify(peer)}: bare, mockttp or http-middleware`);
  process.exit(2);
}
