// `npm start`: build the web app and the server if needed, then run the server (migrations run
// at its start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfStale, serverBundle, serverNodeFlags } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

try {
  buildWebIfStale();
  buildServerIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// The server runs from its own folder, as it always has; relative paths stay relative to where npm start ran.
const env = {
  ...process.env,
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'),
  ...(process.env.WEB_DIST ? { WEB_DIST: path.resolve(process.env.WEB_DIST) } : {}),
};
// An IPC channel lets the server notice at once when this script is gone, however it went.
// Plain node on the bundle, not tsx, with the flags server-build.mjs names (and says why).
const server = spawn(process.execPath, [...serverNodeFlags, serverBundle], {
  cwd: path.join(root, 'apps/server'),
  env,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});

let isStopping = false;
/** Asks the server to stop once; it finishes in-flight requests, then exits, and so do we. */
function stop(signal) {
  if (isStopping) return;
  isStopping = true;
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}

// npm runs this script through `sh -c`; told to stop, npm signals only that shell, which exits
// without passing the signal on. A parent that is gone means the same as SIGTERM.
const parent = process.ppid;
const parentWatch = setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    stop('SIGTERM');
  }
}, 250);

server.on('exit', (code, signal) => {
  clearInterval(parentWatch);
  process.exit(code ?? (signal ? 1 : 0));
});
