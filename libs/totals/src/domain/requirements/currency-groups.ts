import { AIRCRAFT_CATEGORIES } from '@pft/contracts';
import { isAirplaneRatingKey } from '@pft/logbook/domain';
import { type CurrencyRuleKey } from '../experience/currency-rules';

/**
 * The groups each currency rule has (`pilot-experience.md` 2.4): a `currency` requirement naming a
 * group that is not one of its rule's is refused, while a valid group the pilot has no entry in is
 * simply not met.
 */

/** FAA groups other than type keys: the airplane classes, then the categories that are not airplanes. */
const FAA_GROUPS: ReadonlySet<string> = new Set([
  'airplane_sel',
  'airplane_mel',
  'airplane_ses',
  'airplane_mes',
  'tmg',
  'helicopter',
  'sailplane',
  'other',
]);

const isTypeRatingKey = (group: string): boolean => group.startsWith('type_') && isAirplaneRatingKey(group);

export function isGroupOfRule(rule: CurrencyRuleKey, group: string): boolean {
  switch (rule) {
    case 'faa_61_57_a':
    case 'faa_61_57_b':
      return FAA_GROUPS.has(group) || isTypeRatingKey(group);
    case 'faa_61_57_c':
      return (AIRCRAFT_CATEGORIES as readonly string[]).includes(group);
    case 'easa_fcl_060_b1':
    case 'easa_fcl_060_b2':
      return isAirplaneRatingKey(group);
  }
}

/** How the groups of a rule are described in a refusal's message. */
export function groupsOfRuleDescribed(rule: CurrencyRuleKey): string {
  switch (rule) {
    case 'faa_61_57_a':
    case 'faa_61_57_b':
      return `one of ${[...FAA_GROUPS].join(', ')} or a type rating key`;
    case 'faa_61_57_c':
      return `an aircraft category: ${AIRCRAFT_CATEGORIES.join(', ')}`;
    case 'easa_fcl_060_b1':
    case 'easa_fcl_060_b2':
      return 'an airplane rating key (class or type)';
  }
}
