/**
 * A closed-loop HTTP/1.1 load generator over raw keep-alive sockets, as autocannon works: each
 * connection writes one prepared request, reads the whole answer (Content-Length or chunked), and
 * sends the next. fetch() would cost the client more CPU per request than a fast server spends,
 * and on two shared cores that would flatten every ratio the benches report.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

export type LoadOptions = {
  port: number;
  connections: number;
  durationMs: number;
  /** The bytes of request number `i` (request line, headers, body). */
  request: (i: number) => Buffer | readonly Buffer[];
  /** Statuses that count as success; default 200. */
  ok?: readonly number[];
};

export type LoadResult = {
  requests: number;
  seconds: number;
  /** Latencies in ms, ascending. */
  latencies: number[];
  errors: number;
  /** The first few failures, for the log. */
  failures: string[];
};

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** Length of a complete answer at the start of `buffer`, or 0 while it is still incomplete. */
function answerLength(buffer: Buffer): { length: number; status: number; close: boolean } | null {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd === -1) return null;
  const head = buffer.toString('latin1', 0, headerEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/.test(head);
  const bodyStart = headerEnd + 4;
  const declared = /\r\ncontent-length: *(\d+)/.exec(head);
  if (declared) {
    const length = bodyStart + Number(declared[1]);
    return buffer.length >= length ? { length, status, close } : null;
  }
  if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at);
      if (lineEnd === -1) return null;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      at = lineEnd + 2 + size + 2;
      if (buffer.length < at) return null;
      if (size === 0) return { length: at, status, close };
    }
  }
  // No length: the answer ends with the connection (204 and 304 have no body).
  return status === 204 || status === 304 ? { length: bodyStart, status, close } : null;
}

/** Runs `connections` loops against 127.0.0.1:`port` for `durationMs`; resolves with the figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const ok = options.ok ?? [200];
  const latencies: number[] = [];
  const failures: string[] = [];
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const end = started + options.durationMs;
  const fail = (message: string) => {
    errors++;
    if (failures.length < 3) failures.push(message);
  };

  const loop = () =>
    new Promise<void>((resolve) => {
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let inFlight = false;
      const settle = (error?: string) => {
        inFlight = false;
        latencies.push(performance.now() - sentAt);
        if (error) fail(error);
      };
      const open = (): void => {
        if (performance.now() >= end) return resolve();
        pending = Buffer.alloc(0);
        const socket = connect(options.port, '127.0.0.1');
        /** Closed by this loop (done, or the server asked for it), not by a failure. */
        let retired = false;
        const send = () => {
          if (performance.now() >= end) {
            retired = true;
            socket.destroy();
            return resolve();
          }
          const bytes = options.request(counter++);
          sentAt = performance.now();
          inFlight = true;
          if (Buffer.isBuffer(bytes)) socket.write(bytes);
          else for (const part of bytes as readonly Buffer[]) socket.write(part);
        };
        socket.setNoDelay(true);
        socket.on('connect', send);
        socket.on('data', (chunk: Buffer) => {
          pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
          const answer = answerLength(pending);
          if (!answer) return;
          settle(ok.includes(answer.status) ? undefined : `status ${answer.status}`);
          pending = pending.subarray(answer.length);
          if (!answer.close) return send();
          retired = true;
          socket.destroy();
          open();
        });
        socket.on('error', (error) => inFlight && settle(error.message));
        socket.on('close', () => {
          if (retired) return;
          if (inFlight) settle('connection closed before the answer');
          open();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: options.connections }, loop));
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies, errors, failures };
}

/** The bytes of one HTTP/1.1 request with a keep-alive connection. */
export function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}
