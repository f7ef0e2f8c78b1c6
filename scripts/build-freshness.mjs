// Whether a build is older than its sources: what scripts/web-build.mjs and
// scripts/server-build.mjs ask before `npm start` runs them.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time in a file or a folder tree, in ms; 0 when it does not exist. */
export function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `built` (what the build writes last) is missing or older than any of `sources`. */
export function isOutdated(built, sources) {
  const builtAt = newestMtime(built);
  return builtAt === 0 || builtAt < Math.max(...sources.map(newestMtime));
}
