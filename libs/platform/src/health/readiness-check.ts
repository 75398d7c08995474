/** One dependency of the app; `check` rejects when it is not usable right now. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

/** A consumer of the app, ready while it is in its group and fetching (`consuming`). */
export class ConsumerInGroupCheck implements ReadinessCheck {
  readonly name = 'consumer';

  constructor(
    private readonly consumer: { readonly consuming: boolean },
    /** Which consumer, as the error names it. */
    private readonly which: string,
  ) {}

  check(): Promise<void> {
    return this.consumer.consuming
      ? Promise.resolve()
      : Promise.reject(new Error(`${this.which} has not joined its group`));
  }
}

/**
 * What a dependency being down means for the app. `required`: it cannot answer correctly without
 * it, so it is not ready. `degradable`: it goes on serving without it (less well), so it stays
 * ready and reports the dependency as down.
 */
export type DependencyRole = 'required' | 'degradable';

export type DependencyState = 'up' | 'down';

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
