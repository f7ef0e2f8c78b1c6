// Loaded into a benchmarked server with `--expose-gc --import`: over the IPC channel the benchmark
// opened, answers the heap in use after a full collection. Nothing of the product reads it.
if (process.send) {
  process.on('message', (message) => {
    if (message !== 'heap?') return;
    globalThis.gc?.();
    globalThis.gc?.();
    process.send?.({ heapUsed: process.memoryUsage().heapUsed });
  });
}
