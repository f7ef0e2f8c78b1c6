// Starts the copilot worker from its TypeScript source where the server runs unbundled (tests,
// `tsx src/main.ts`): a worker thread does not inherit the parent's TypeScript loader on Node 20,
// so it registers tsx itself, with the server's tsconfig for the `@/` paths. The built server
// (scripts/server-build.mjs) runs the bundled worker instead and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register({ tsconfig: workerData.tsconfig });
await import(workerData.entry);
