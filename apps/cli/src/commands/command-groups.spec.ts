import { Command } from 'commander';
import { COMMAND_GROUPS, groupsToRegister } from './command-groups';

describe('the groups of pft commands', () => {
  it('registers under each name the command of that name, and nothing else', () => {
    for (const [name, load] of COMMAND_GROUPS) {
      const program = new Command('pft');
      load()(program);
      expect({ name, registered: program.commands.map((c) => c.name()) }).toEqual({
        name,
        registered: [name],
      });
    }
  });

  it('registers every group in the order of pft --help', () => {
    const program = new Command('pft');
    for (const load of COMMAND_GROUPS.values()) load()(program);
    expect(program.commands.map((c) => c.name())).toEqual([
      'db',
      'kafka',
      'partners',
      'keys',
      'projections',
      'privacy',
      'token',
      'webhooks',
      'walkthrough',
    ]);
  });

  it('takes the group the first argument names, else every group', () => {
    const groups = new Map([
      ['keys', 'k'],
      ['db', 'd'],
    ]);
    expect(groupsToRegister(groups, ['keys', 'list', '--json'])).toEqual(['k']);
    expect(groupsToRegister(groups, ['--help'])).toEqual(['k', 'd']);
    expect(groupsToRegister(groups, ['--version'])).toEqual(['k', 'd']);
    expect(groupsToRegister(groups, ['key', 'list'])).toEqual(['k', 'd']);
    expect(groupsToRegister(groups, ['list', 'keys'])).toEqual(['k', 'd']);
    expect(groupsToRegister(groups, [])).toEqual(['k', 'd']);
  });
});
