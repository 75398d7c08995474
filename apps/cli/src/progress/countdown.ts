/**
 * Waits `ms`, saying every `everyMs` how long is left, so that a log without a terminal shows the
 * command is still at it rather than stuck.
 */
export async function waitWithCountdown(
  ms: number,
  say: (line: string) => void,
  everyMs = 10_000,
): Promise<void> {
  const end = Date.now() + ms;
  const tick = setInterval(
    () => say(`still waiting, ${Math.ceil((end - Date.now()) / 1000)} s left`),
    everyMs,
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    clearInterval(tick);
  }
}
