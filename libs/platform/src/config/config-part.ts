/**
 * The building blocks of an app's configuration class: each app composes the groups of variables it
 * reads (`class PartnerApiConfig extends WithRedis(WithDatabase(ProcessVariables)) { ... }`) instead
 * of every app inheriting every variable. Property names are the variables.
 */

/** What a group of variables extends: a mixin's base must take any arguments (TS2545). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type VariablesBase = new (...args: any[]) => object;

/**
 * A provider token for the part of an app's configuration that a module reads (its database, its
 * Kafka client ...), so that the module depends on those variables and not on an app's class.
 * `fits` is never set: it only makes `ConfigModule.forRoot` check that the app's class has them.
 */
export interface ConfigPart<T> {
  readonly token: symbol;
  readonly fits?: (config: T) => void;
}

export function configPart<T>(description: string): ConfigPart<T> {
  return { token: Symbol(description) };
}
