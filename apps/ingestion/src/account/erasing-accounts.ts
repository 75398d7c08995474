import { Injectable } from '@nestjs/common';
import { type Queryable } from '@pft/platform';
import { AccountErasuresRepository } from './account-erasures.repository';

/** How long an erasure asked of this process counts as pending here whatever a refresh read. */
const ASKED_HERE_MS = 5000;

/**
 * The accounts being erased, as this process knows them, so that the guard answering 410 costs a
 * request no query: read from `account_erasures` at every round of the erasure worker (every second),
 * and added at once when the erasure is asked of this process. Another replica's erasure reaches it
 * within a second.
 */
@Injectable()
export class ErasingAccounts {
  private pending = new Set<string>();
  /**
   * Erasures asked here lately (when, and the number of the ask), kept through a refresh that read the
   * table before they committed. A refresh begun after the ask reads it as it is: no longer pending
   * then, another replica completed it, and its pilot is answered again at once.
   */
  private readonly askedHere = new Map<string, { at: number; ask: number }>();
  private asks = 0;
  /**
   * Erasures completed here, by when (`completions`), left out of a refresh that began before: it may
   * have read them pending, and it runs beside the worker.
   */
  private readonly completedHere = new Map<string, number>();
  private completions = 0;

  constructor(private readonly erasures: AccountErasuresRepository) {}

  has(pilot: string): boolean {
    return this.pending.has(pilot);
  }

  /** An erasure this process recorded (committed). */
  asked(pilot: string): void {
    this.pending.add(pilot);
    this.askedHere.set(pilot, { at: Date.now(), ask: ++this.asks });
  }

  /** An erasure this process completed. */
  completed(pilot: string): void {
    this.pending.delete(pilot);
    this.askedHere.delete(pilot);
    this.completedHere.set(pilot, ++this.completions);
  }

  /** Reads the pending erasures again. */
  async refresh(runner: Queryable): Promise<void> {
    const began = this.completions;
    const asksBefore = this.asks;
    const next = new Set(await this.erasures.pending(runner));
    for (const [pilot, at] of this.completedHere) {
      if (at > began) next.delete(pilot);
      else this.completedHere.delete(pilot);
    }
    const now = Date.now();
    for (const [pilot, { at, ask }] of this.askedHere) {
      // Read after the ask committed (the read began after it): what the table says holds.
      if (ask <= asksBefore || now - at > ASKED_HERE_MS) this.askedHere.delete(pilot);
      else next.add(pilot);
    }
    this.pending = next;
  }
}
