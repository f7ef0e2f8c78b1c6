/**
 * Waits until `check` holds (answered at once or after a query), for what arrives asynchronously
 * (socket events, background work); fails after 15 s naming `what`, so a lost event is a failure,
 * never a hang. It polls at 20 ms and backs off to 250 ms: a check that calls the API must stay
 * a polite client, or a slow machine turns a long wait into hundreds of calls and the account's
 * rate limit answers instead of the route under test.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let pause = 20;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 1.5, 250);
  }
}
