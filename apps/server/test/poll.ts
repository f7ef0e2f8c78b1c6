/**
 * Waits until `check` holds (answered at once or after a query), polling every 20 ms, for what arrives asynchronously (socket events,
 * background work); fails after 15 s naming `what`, so a lost event is a failure, never a hang.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
