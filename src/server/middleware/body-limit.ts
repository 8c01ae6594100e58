import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as countingBodyLimit } from 'hono/body-limit';
import type { IncomingMessage } from 'node:http';

/**
 * How much of a body over the limit is read and thrown away before the 413 goes out. A client that
 * sends its whole body before reading the answer (most do, without `Expect: 100-continue`) would
 * otherwise meet a closed connection, and the kernel's reset discards the 413 it was sent.
 * Beyond these bounds the 413 is sent with `Connection: close` at once.
 */
const OVERSIZE_DRAIN_BYTES = 32 * 1024 * 1024;
const OVERSIZE_DRAIN_MS = 10_000;

/** Reads and discards the rest of a request body; true once it ended within the bounds. */
function discardBody(incoming: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<boolean> {
  if (incoming.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData).off('end', onEnd).off('error', onError);
      if (!ended) incoming.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    incoming.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

type Options = { maxBytes: number; onTooLarge: (c: Context) => Response | Promise<Response> };

/**
 * Caps the request body. On Node, requests without a body (no Content-Length nor
 * Transfer-Encoding: every GET) pass untouched, so nothing materialises the web Request for them. A declared
 * Content-Length decides up front (Node's parser never reads past it) and leaves the body untouched
 * for the handler; over the limit, the body is drained (up to OVERSIZE_DRAIN_BYTES) and answered 413
 * with the connection kept. A chunked body is counted as it streams, by hono's bodyLimit.
 */
export function bodyLimit({ maxBytes, onTooLarge }: Options): MiddlewareHandler {
  const counting = countingBodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  const refuse = async (c: Context, incoming: IncomingMessage, length: number) => {
    const drained = length <= OVERSIZE_DRAIN_BYTES && (await discardBody(incoming, length, OVERSIZE_DRAIN_MS));
    // Without the whole body read, the connection cannot carry another request.
    if (!drained) c.header('Connection', 'close');
    return onTooLarge(c);
  };
  return (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    // Outside Node (app.request in tests) a web Request can carry a body without either header.
    if (!incoming) return counting(c, next);
    const chunked = incoming.headers['transfer-encoding'] !== undefined;
    const declared = chunked ? undefined : incoming.headers['content-length'];
    if (!chunked && declared === undefined) return next();
    if (declared === undefined || !/^\d+$/.test(declared)) return counting(c, next);
    const length = Number(declared);
    return length <= maxBytes ? next() : refuse(c, incoming, length);
  };
}
