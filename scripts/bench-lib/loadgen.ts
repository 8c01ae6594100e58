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

/** What drive() tells of each answer: its request number, status (0 when the connection failed) and latency. */
export type OnAnswer = (i: number, status: number, ms: number) => void;

type DriveResult = {
  seconds: number;
  errors: number;
  /** The first few failures, for the log. */
  failures: string[];
};

export type LoadResult = DriveResult & {
  requests: number;
  /** Latencies in ms, ascending. */
  latencies: number[];
};

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const EMPTY = Buffer.alloc(0);

type Answer = { status: number; close: boolean };
type Head = Answer & { body: { left: number } | 'chunked' | 'none' };

function parseHead(head: string): Head {
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/.test(head);
  const declared = /\r\ncontent-length: *(\d+)/.exec(head);
  if (declared) return { status, close, body: { left: Number(declared[1]) } };
  if (/\r\ntransfer-encoding: *chunked/.test(head)) return { status, close, body: 'chunked' };
  // No length: only 204 and 304 are expected, and they have no body.
  return { status, close, body: 'none' };
}

/**
 * Reads the answers of one keep-alive connection from its chunks, one request in flight at a
 * time. A chunk is only valid during the call (drive() reads every socket into one buffer), so
 * what is kept for later is copied; a body with a Content-Length is counted, never kept.
 */
function answerReader(): (chunk: Buffer) => Answer | null {
  let buffered: Buffer = EMPTY;
  let head: Head | null = null;
  const keep = (): null => {
    buffered = Buffer.from(buffered);
    return null;
  };
  const done = (rest: Buffer): Answer => {
    const answer = { status: head?.status ?? 0, close: head?.close ?? true };
    // Usually empty: the next request is only sent once this answer is read.
    buffered = rest.length ? Buffer.from(rest) : EMPTY;
    head = null;
    return answer;
  };
  return (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    if (!head) {
      const headerEnd = buffered.indexOf(HEADER_END);
      if (headerEnd === -1) return keep();
      head = parseHead(buffered.toString('latin1', 0, headerEnd).toLowerCase());
      buffered = buffered.subarray(headerEnd + 4);
    }
    const { body } = head;
    if (body === 'none') return done(buffered);
    if (body !== 'chunked') {
      if (buffered.length >= body.left) return done(buffered.subarray(body.left));
      body.left -= buffered.length;
      buffered = EMPTY;
      return null;
    }
    for (let at = 0; ;) {
      const lineEnd = buffered.indexOf(CRLF, at);
      if (lineEnd === -1) return keep();
      const size = parseInt(buffered.toString('latin1', at, lineEnd), 16);
      at = lineEnd + 2 + size + 2;
      if (buffered.length < at) return keep();
      if (size === 0) return done(buffered.subarray(at));
    }
  };
}

/**
 * One buffer every socket of this process reads into (net's `onread`): Node would otherwise
 * allocate a buffer per read, and on a page-sized answer that made the generator, not the
 * server, the bottleneck.
 */
const readBuffer = Buffer.alloc(64 * 1024);

/** Runs `connections` loops against 127.0.0.1:`port` for `durationMs`; resolves with the figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await drive(options, (_i, _status, ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  return { ...result, requests: latencies.length, latencies };
}

/** runLoad's loops, handing each answer to `onAnswer` as it arrives instead of keeping it. */
export async function drive(options: LoadOptions, onAnswer: OnAnswer): Promise<DriveResult> {
  const ok = options.ok ?? [200];
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
      let sentAt = 0;
      let current = 0;
      let inFlight = false;
      const settle = (status: number, error?: string) => {
        inFlight = false;
        if (error) fail(error);
        onAnswer(current, status, performance.now() - sentAt);
      };
      const open = (): void => {
        if (performance.now() >= end) return resolve();
        const read = answerReader();
        // Called only once connected, by when `socket` and `send` below exist.
        const onChunk = (chunk: Buffer): void => {
          const answer = read(chunk);
          if (!answer) return;
          settle(answer.status, ok.includes(answer.status) ? undefined : `status ${answer.status}`);
          if (!answer.close) return send();
          retired = true;
          socket.destroy();
          open();
        };
        const socket = connect({
          port: options.port,
          host: '127.0.0.1',
          onread: {
            buffer: readBuffer,
            callback: (length) => {
              onChunk(readBuffer.subarray(0, length));
              return true;
            },
          },
        });
        /** Closed by this loop (done, or the server asked for it), not by a failure. */
        let retired = false;
        const send = () => {
          if (performance.now() >= end) {
            retired = true;
            socket.destroy();
            return resolve();
          }
          current = counter++;
          const bytes = options.request(current);
          sentAt = performance.now();
          inFlight = true;
          if (Buffer.isBuffer(bytes)) socket.write(bytes);
          else for (const part of bytes as readonly Buffer[]) socket.write(part);
        };
        socket.setNoDelay(true);
        socket.on('connect', send);
        socket.on('error', (error) => inFlight && settle(0, error.message));
        socket.on('close', () => {
          if (retired) return;
          if (inFlight) settle(0, 'connection closed before the answer');
          open();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: options.connections }, loop));
  return { seconds: (performance.now() - started) / 1000, errors, failures };
}

/** The bytes of one HTTP/1.1 request with a keep-alive connection. */
export function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}
