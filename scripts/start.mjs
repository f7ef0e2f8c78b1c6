// `npm start`: build the web app if needed, then run the server (migrations run at its start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

try {
  buildWebIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// The server runs from its own folder (for its tsconfig paths); relative paths stay relative to where npm start ran.
const env = {
  ...process.env,
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'),
  ...(process.env.WEB_DIST ? { WEB_DIST: path.resolve(process.env.WEB_DIST) } : {}),
};
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
