// CPU time a process has used, on its main thread and in all, from Linux's /proc. Wall-clock
// figures on a shared 2-core machine swing with whatever else runs; CPU time per request does
// not, so it says how much of a request's work the event loop itself carries.
import { readFileSync } from 'node:fs';

/** Clock ticks a second, as /proc counts them (USER_HZ: 100 on every Linux that matters here). */
const ticksPerSecond = 100;

function cpuMsOf(statPath: string): number {
  // The command name in parentheses may hold spaces; the fields after it are fixed.
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** CPU ms of `pid`'s main thread and of the whole process; undefined where /proc is not there. */
export function cpuMs(pid: number | undefined): { mainMs: number; allMs: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    return { mainMs: cpuMsOf(`/proc/${pid}/task/${pid}/stat`), allMs: cpuMsOf(`/proc/${pid}/stat`) };
  } catch {
    return undefined;
  }
}
