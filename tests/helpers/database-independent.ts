/**
 * API test files whose results do not depend on the database: the PostgreSQL run (the api-postgres
 * project) leaves them out, since it would repeat the SQLite run. A file goes here with the reason it
 * holds; every other file in tests/api runs on both (tests/unit/database-independent.test.ts).
 */
export const DATABASE_INDEPENDENT_API_TESTS: Readonly<Record<string, string>> = {
  'bad-input': 'malformed JSON and text are refused by validation before any query',
  'connections-per-client': 'open connections are counted by the HTTP server in memory',
  'cross-site': 'the Origin check answers before any handler runs',
  'deploy-nginx': 'the proxy and the systemd unit in front of the server',
  'http-limits': "Node's header, request and keep-alive timeouts",
  'log-flush': 'log lines written as the process ends',
  'oversized-body': 'bodies over the limit are cut before they are read',
  'slow-clients': 'slow and vanishing sockets, handled by the HTTP server',
  spam: 'the honeypot and fill-time rules, applied before anything is stored',
  'token-logs': 'what the request log writes for a route',
  vary: 'the Vary header the API sets',
};
