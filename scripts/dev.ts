/** `npm run dev`: Astro's dev server with hot reload, plus the API on its own port behind Vite's /api proxy. */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env['DEV_API_PORT'] ?? '4322';
const env = { ...process.env, DEV_API_PORT: apiPort };

const children: ChildProcess[] = [
  spawn('node', ['--import', 'tsx', 'src/server/api-only.ts'], { stdio: 'inherit', env: { ...env, PORT: apiPort } }),
  spawn('npx', ['astro', 'dev', ...process.argv.slice(2)], { stdio: 'inherit', env }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
