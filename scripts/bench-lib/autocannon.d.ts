/** The part of autocannon 8's programmatic API the benches use (it ships no types). */
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type Request = { method?: 'GET' | 'POST'; path?: string; headers?: Record<string, string>; body?: Buffer | string };
  /** `errors` counts socket errors and timeouts. */
  type Result = { requests: { total: number }; errors: number; '4xx': number; '5xx': number };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    /** Requests in all; overrides `duration`. */
    amount?: number;
    /** Requests a second per connection, sent at the start of each second. */
    connectionRate?: number;
    headers?: Record<string, string>;
    requests: (Request & {
      setupRequest?: (request: Request, context: Context) => Request;
      onResponse?: (status: number, body: string, context: Context) => void;
    })[];
  };
  /** A running load: resolves to its result; emits every response with its latency in ms. */
  type Instance = PromiseLike<Result> & {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): Instance;
  };
  export default function autocannon(options: Options): Instance;
}
