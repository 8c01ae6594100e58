/** The part of autocannon 8's programmatic API the benches use (it ships no types). */
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type Request = { method?: 'GET' | 'POST'; path?: string; headers?: Record<string, string>; body?: Buffer | string };
  type Histogram = { average: number; p50: number; p99: number; max: number; total: number };
  /** `errors` counts socket errors and timeouts. */
  type Result = {
    duration: number;
    latency: Histogram;
    requests: Histogram;
    errors: number;
    '4xx': number;
    '5xx': number;
  };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    /** Requests in all; overrides `duration`. */
    amount?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    requests: (Request & {
      setupRequest?: (request: Request, context: Context) => Request;
      onResponse?: (status: number, body: string, context: Context) => void;
    })[];
  };
  export default function autocannon(options: Options): Promise<Result>;
}
