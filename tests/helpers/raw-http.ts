/** A client that speaks HTTP/1.1 by hand over a socket: to send what no well-behaved client sends. */
import { connect, type Socket } from 'node:net';

export type RawExchange = {
  socket: Socket;
  /** Everything the server sent until it closed the connection. */
  answer: Promise<string>;
  /** Resolves once the request bytes given so far are flushed to the kernel. */
  sent: Promise<void>;
};

/**
 * Opens a connection from `localAddress` (any 127.0.0.0/8 address works on Linux), writes `head`
 * and `body` (maybe far shorter than the Content-Length it declares) and keeps the socket open.
 */
export function rawRequest(port: number, head: string, body: Buffer | string = '', localAddress?: string): RawExchange {
  const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
  const chunks: Buffer[] = [];
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', () => undefined);
  });
  const sent = new Promise<void>((resolve, reject) => {
    socket.once('connect', () =>
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]), (e) => (e ? reject(e) : resolve())),
    );
  });
  return { socket, answer, sent };
}

/** The head of a multipart upload to the apply route that declares `contentLength` bytes. */
export function uploadHead(path: string, contentLength: number, boundary = 'rawboundary'): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${contentLength}\r\n\r\n`
  );
}
