import { parentPort, workerData } from 'node:worker_threads';
import { readText } from '@/modules/analysis/analyzer/nlp';
import { type CopilotTaskMessage, CopilotTaskRunner } from './copilot-tasks';

/**
 * A copilot worker thread (copilot-pool.ts): loads wink's model, says it is ready, then answers
 * one job at a time. A task that throws answers its message; anything worse (the heap, a crash)
 * ends the thread and the pool retries the job on a fresh one.
 */
type Job = { jobId: number; task: CopilotTaskMessage };

const runner = new CopilotTaskRunner();

const port = parentPort;
if (!port) throw new Error('the copilot worker runs only as a worker thread');

// wink loads its model on first use (tens of milliseconds): paid here, before the first ask waits.
readText('Warm up the model.');

// Test hook (CopilotPoolOptions.faults): a job whose first text says so ends or stalls the thread,
// to prove the pool survives it. 'crash once' crashes only the first worker to take it.
const faults = (workerData as { faults?: SharedArrayBuffer } | undefined)?.faults;

port.on('message', (job: Job) => {
  if (faults) {
    const marker = job.task.kind === 'sentences' ? job.task.pages[0]?.text : job.task.texts[0];
    const crashes = new Int32Array(faults);
    if (marker === 'worker: crash') process.exit(1);
    if (marker === 'worker: crash once' && Atomics.add(crashes, 0, 1) === 0) process.exit(1);
    if (marker === 'worker: hang') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
  try {
    port.postMessage({ jobId: job.jobId, ok: true, result: runner.run(job.task) });
  } catch (error) {
    port.postMessage({ jobId: job.jobId, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
