import { type ErrorDetail, PLATFORM_ERRORS, type PlatformErrorCode } from './api-error';

/** An error a part of the business throws from its domain: answered with its code, message and details. */
export interface DomainError extends Error {
  readonly code: string;
  readonly details?: readonly ErrorDetail[];
}

/**
 * What a part of the business declares of its errors (its `domain/errors.ts`): the status each of its
 * codes is answered with, and the classes of the domain errors it throws.
 */
export interface ContextErrors {
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors?: readonly (abstract new (...args: never[]) => DomainError)[];
}

/** The codes a ContextErrors declares. */
type CodesOf<T> = T extends { statuses: infer S } ? Extract<keyof S, string> : never;

/**
 * The codes an app answers with and the status of each: the platform's and those of the parts of
 * the business it uses, registered at start (`errorCodes`). The error filter answers by it.
 */
export class ErrorCodes<C extends string = PlatformErrorCode> {
  private readonly statuses = new Map<string, number>(Object.entries(PLATFORM_ERRORS));
  private readonly errorClasses: (abstract new (...args: never[]) => DomainError)[] = [];

  constructor(contexts: readonly ContextErrors[]) {
    for (const context of contexts) {
      for (const [code, status] of Object.entries(context.statuses)) {
        const known = this.statuses.get(code);
        if (known !== undefined && known !== status) {
          throw new Error(`The error code ${code} is declared with ${known} and ${status}`);
        }
        this.statuses.set(code, status);
      }
      this.errorClasses.push(...(context.errors ?? []));
    }
  }

  /** The status `code` is answered with. */
  statusOf(code: C): number {
    return this.statuses.get(code)!;
  }

  /** The status of a code from anywhere (a thrown error), undefined when it is not registered. */
  registeredStatus(code: string): number | undefined {
    return this.statuses.get(code);
  }

  /** The error as one of the registered domain errors, or undefined. */
  domainError(error: unknown): DomainError | undefined {
    return this.errorClasses.some((type) => error instanceof type) ? (error as DomainError) : undefined;
  }
}

/** The registry of the platform's codes and those `contexts` declare (each `<PART>_ERRORS`). */
export function errorCodes<T extends readonly ContextErrors[]>(
  ...contexts: T
): ErrorCodes<PlatformErrorCode | CodesOf<T[number]>> {
  return new ErrorCodes(contexts);
}

/** The platform's codes alone: an app that uses no part of the business's errors. */
export const PLATFORM_ERROR_CODES = errorCodes();

/** The codes a registry answers with. */
export type CodeOf<R> = R extends ErrorCodes<infer C> ? C : never;
