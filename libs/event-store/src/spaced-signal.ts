/**
 * A signal sent at most once per interval: the first request is sent at once; requests while one is in
 * flight or within `intervalMs` of its start fold into one more, sent when the interval is over. So
 * every request is followed by a send that starts after it, within `intervalMs` plus one send's time,
 * and a steady stream of requests costs one send per interval, not one per request.
 */
export class SpacedSignal {
  private busy = false;
  private again = false;

  constructor(
    private readonly send: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  request(): void {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    const startedAt = performance.now();
    const sent = (): void => {
      const rest = this.intervalMs - (performance.now() - startedAt);
      if (rest <= 0) this.settle();
      else setTimeout(() => this.settle(), rest).unref();
    };
    // A failed send is the sender's to report; the next request still goes out.
    this.send().then(sent, sent);
  }

  private settle(): void {
    this.busy = false;
    if (this.again) {
      this.again = false;
      this.request();
    }
  }
}
