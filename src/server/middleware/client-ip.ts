import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6, type BlockList } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key rate limits count a client under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address `::ffff:a.b.c.d` counts as its IPv4), an IPv6 address by its /64, since one subscriber
 * or server usually holds a whole /64 and could otherwise take a fresh address per request.
 */
export function networkKey(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare.toLowerCase();
  const groups = ipv6Groups(bare.toLowerCase());
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address: the socket peer's, or with `trustProxy` the last X-Forwarded-For entry
 * (the one our own proxy appended; earlier entries are client-controlled).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The client's network, as every per-client limit keys it (`networkKey` of `clientAddress`). */
export const clientIp = (c: Context, trustProxy: boolean): string => networkKey(clientAddress(c, trustProxy));

/** Whether `address` (IPv4, IPv6, an IPv4-mapped IPv6, bracketed or not) is in `networks`. */
export function inNetworks(networks: BlockList, address: string): boolean {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const plain = mapped ?? bare;
  if (isIPv4(plain)) return networks.check(plain, 'ipv4');
  return isIPv6(plain) && networks.check(plain, 'ipv6');
}

/**
 * Warns once when a request arrives with X-Forwarded-For while TRUST_PROXY is off: behind a
 * proxy every client then shares the proxy's address, and so do the per-address limits.
 */
export function proxyHeaderCheck(services: {
  config: { trustProxy: boolean };
  logger: { warn(msg: string, fields?: Record<string, unknown>): void };
}): (c: Context) => void {
  let warned = services.config.trustProxy;
  return (c) => {
    if (warned || c.req.header('x-forwarded-for') === undefined) return;
    warned = true;
    services.logger.warn(
      'X-Forwarded-For received while TRUST_PROXY is off: every client behind the proxy shares one address and one set of rate limits; set TRUST_PROXY=true when a proxy you run appends this header',
    );
  };
}
