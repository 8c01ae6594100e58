/**
 * The floor of bench:load: the least a server can do for the same requests, to tell the machine's
 * latency from ours. A bare node:http server answering the build's files (brotli when asked) and a
 * copy of the job list from memory, and taking each application's body whole before a 201.
 * Argv: a file holding the job list's JSON, then the build's client folder. Prints its URL as JSON.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const [jobListFile = '', clientDir = ''] = process.argv.slice(2);
const jobList = readFileSync(jobListFile);

type File = { plain: Buffer; br: Buffer | undefined };
const files = new Map<string, File>();
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
  const full = path.join(entry.parentPath, entry.name);
  const file = { plain: readFileSync(full), br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : undefined };
  const url = `/${path.relative(clientDir, full).split(path.sep).join('/')}`;
  files.set(url, file);
  if (url.endsWith('/index.html')) files.set(url.slice(0, -'index.html'.length), file);
}

const server = createServer((req, res) => {
  const url = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
    return;
  }
  if (url === '/api/job') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(jobList);
    return;
  }
  const file = files.get(url) ?? files.get(`${url}/`);
  if (!file) {
    res.writeHead(404).end();
    return;
  }
  const br = file.br && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) ? file.br : undefined;
  res.writeHead(200, br ? { 'Content-Encoding': 'br' } : {}).end(br ?? file.plain);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ msg: 'floor listening', url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => process.exit(0));
