/** A variable whose value is refused, and why. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/**
 * What one variable's own check cannot say, declared by the group of variables it concerns: several
 * variables together (a key and the algorithms it must check), or production's refusal of a value
 * that is safe only on a developer's machine. It applies to every configuration that has the group:
 * an app is refused only what it reads.
 */
export interface VariableRule<V = never> {
  /** Applied only with NODE_ENV=production. */
  readonly inProduction?: boolean;
  /** Variables whose own refusal makes the rule moot: it is not applied when one of them is refused. */
  readonly after?: readonly string[];
  readonly problems: (config: V) => ConfigProblem[];
}

/** Per prototype of a group's class: its rules, and its variables shown by their length only. */
const RULES = new WeakMap<object, readonly VariableRule[]>();
const UNSHOWN = new WeakMap<object, Set<string>>();

/** Declares the rules of a group of variables (a class of the mixin chain an app's class extends). */
export function VariableRules(...rules: VariableRule[]): ClassDecorator {
  return (target) => {
    RULES.set(target.prototype as object, rules);
  };
}

/**
 * A variable shown by its length only when refused: a secret must not reach a log, and a PEM is long
 * and may be a private key pasted by mistake.
 */
export function Unshown(): PropertyDecorator {
  return (prototype, name) => {
    const names = UNSHOWN.get(prototype) ?? new Set<string>();
    names.add(String(name));
    UNSHOWN.set(prototype, names);
  };
}

/** The prototypes of a configuration class and of every group it extends, the innermost first. */
function prototypesOf(type: new () => object): object[] {
  const chain: object[] = [];
  for (
    let proto: unknown = type.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    chain.unshift(proto);
  }
  return chain;
}

/** The rules of every group a configuration class has, in the order the groups were composed. */
export function variableRulesOf(type: new () => object): readonly VariableRule[] {
  return prototypesOf(type).flatMap((proto) => RULES.get(proto) ?? []);
}

export function isUnshown(type: new () => object, name: string): boolean {
  return prototypesOf(type).some((proto) => UNSHOWN.get(proto)?.has(name) ?? false);
}

/** Production's refusal of a variable left at (or set to) its development value. */
export function refusedInProduction<V extends object>(
  variable: keyof V & string,
  developmentValue: string,
  message: string,
): VariableRule<V> {
  return {
    inProduction: true,
    problems: (config) => (config[variable] === developmentValue ? [{ variable, message }] : []),
  };
}
