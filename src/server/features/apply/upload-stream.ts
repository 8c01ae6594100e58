import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { Readable, Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The client sent nothing for the idle timeout: answered 408, and the upload never took a slot. */
export class BodyTimeoutError extends Error {
  constructor() {
    super('request body idle timeout');
    this.name = 'BodyTimeoutError';
  }
}

/** The client went away mid-upload: nothing to answer, logged at info. */
export class ClientAbortError extends Error {
  constructor() {
    super('client aborted the request');
    this.name = 'ClientAbortError';
  }
}

/**
 * The request body as a Node stream. On the Node server that is the socket's IncomingMessage
 * itself when nothing has started reading it (no web-stream copy of each chunk); otherwise (tests
 * through app.request, bodies a middleware re-wrapped) the web body stream.
 */
export function bodyStream(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && incoming.readableFlowing === null && !incoming.readableEnded && !incoming.destroyed) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as unknown as WebReadableStream) : Readable.from([]);
}

/**
 * Pipes `source` into `sink`, resolving once `sink` finishes. Rejects with BodyTimeoutError when
 * no byte arrives for `idleMs`, with ClientAbortError when the client goes away, or with the sink's
 * own error. On failure the source is unpiped and left alone (the answer closes the connection).
 */
export function pumpBody(source: Readable, sink: Writable, idleMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      source.off('data', onData);
      source.off('error', onError);
      source.off('close', onClose);
      sink.removeListener('finish', onFinish);
      sink.removeListener('error', onError);
      if (error) {
        source.unpipe(sink);
        source.pause();
        // The source may still fail later (the client hangs up after our answer): nothing to do then.
        source.on('error', () => undefined);
        reject(error);
      } else resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => settle(new BodyTimeoutError()), idleMs);
    };
    const onData = () => arm();
    const onError = (error: Error) => settle(isAbort(error) ? new ClientAbortError() : error);
    // A socket that closes before the body ended is an abort, whatever the parser thinks of it.
    const onClose = () => {
      if (!source.readableEnded) settle(new ClientAbortError());
    };
    const onFinish = () => settle();
    source.on('data', onData);
    source.on('error', onError);
    source.on('close', onClose);
    sink.on('finish', onFinish);
    sink.on('error', onError);
    arm();
    source.pipe(sink);
  });
}

function isAbort(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Reads and drops the rest of a body (bounded by the body limit), so the client reads our answer. */
export function discardBody(source: Readable, idleMs: number): Promise<void> {
  return pumpBody(source, new Writable({ write: (_chunk, _encoding, done) => done() }), idleMs);
}
