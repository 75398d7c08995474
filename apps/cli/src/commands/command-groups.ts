import { type Command } from 'commander';

/** Registers one group of commands (`pft keys ...`) on the program. */
export type RegisterGroup = (program: Command) => void;

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The groups of pft's commands by name, in the order `pft --help` lists them, each loaded when asked
 * for: a command loads the modules of its own group only (its libraries, its Kafka or Redis client),
 * and loading modules is most of a run's time for a command that does little.
 */
export const COMMAND_GROUPS: ReadonlyMap<string, () => RegisterGroup> = new Map([
  [
    'db',
    () => (require('./database.command') as typeof import('./database.command')).registerDatabaseCommands,
  ],
  ['kafka', () => (require('./kafka.command') as typeof import('./kafka.command')).registerKafkaCommands],
  [
    'partners',
    () => (require('./partners.command') as typeof import('./partners.command')).registerPartnersCommands,
  ],
  ['keys', () => (require('./keys.command') as typeof import('./keys.command')).registerKeysCommands],
  [
    'projections',
    () =>
      (require('./projections.command') as typeof import('./projections.command'))
        .registerProjectionsCommands,
  ],
  [
    'privacy',
    () => (require('./privacy.command') as typeof import('./privacy.command')).registerPrivacyCommands,
  ],
  ['token', () => (require('./token.command') as typeof import('./token.command')).registerTokenCommands],
  [
    'webhooks',
    () => (require('./webhooks.command') as typeof import('./webhooks.command')).registerWebhooksCommands,
  ],
  [
    'walkthrough',
    () =>
      (require('./walkthrough.command') as typeof import('./walkthrough.command')).registerWalkthroughCommand,
  ],
]);
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The groups to register for `pft <args>`: the one its first argument names, or every group when it
 * names none (`pft --help`, `pft --version`, an unknown command, which commander answers with the
 * commands it knows).
 */
export function groupsToRegister<T>(groups: ReadonlyMap<string, T>, args: readonly string[]): T[] {
  const named = groups.get(args[0] ?? '');
  return named === undefined ? [...groups.values()] : [named];
}
