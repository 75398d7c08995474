"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConfigError = void 0;
exports.loadConfig = loadConfig;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const app_config_1 = require("./app-config");
const jwt_key_rules_1 = require("./jwt-key-rules");
const production_rules_1 = require("./production-rules");
class ConfigError extends Error {
    problems;
    constructor(problems) {
        super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
        this.problems = problems;
        this.name = 'ConfigError';
    }
}
exports.ConfigError = ConfigError;
/**
 * Variables shown by their length only when refused: a secret must not reach a log, and a PEM
 * is long and may be a private key pasted by mistake.
 */
const UNSHOWN_VARIABLES = new Set([
    'JWT_SECRET',
    'JWT_PUBLIC_KEY',
    'PFT_MASTER_KEY',
    'PFT_PREVIOUS_MASTER_KEYS',
]);
/** How a refused value is shown: URLs without their password. */
function shown(name, given) {
    const value = given[name];
    if (value === undefined)
        return app_config_1.OPTIONAL_VARIABLES.includes(name) ? '(unset)' : '(default)';
    if (UNSHOWN_VARIABLES.has(name))
        return `(${Buffer.byteLength(value, 'utf8')} bytes, not shown)`;
    return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*):[^@/\s]*@/i, '$1:***@'));
}
/**
 * Reads the known variables from `env`, applies defaults and validates each, then the rules that
 * take several variables together (the JWT key and its algorithms; production's refusals); throws
 * naming each bad variable.
 */
function loadConfig(env = process.env) {
    const defaults = new app_config_1.AppConfig();
    const known = [...Object.keys(defaults), ...app_config_1.OPTIONAL_VARIABLES];
    const given = {};
    for (const name of known) {
        const value = env[name];
        if (value !== undefined && value !== '')
            given[name] = value;
    }
    const config = (0, class_transformer_1.plainToInstance)(app_config_1.AppConfig, { ...defaults, ...given });
    const errors = (0, class_validator_1.validateSync)(config, { forbidUnknownValues: true });
    const problems = errors.map((e) => `${e.property}=${shown(e.property, given)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    // The rules over several variables see only values that passed their own checks.
    const bad = new Set(errors.map((e) => e.property));
    const together = [
        ...(bad.has('JWT_PUBLIC_KEY') || bad.has('JWT_ALGORITHMS') ? [] : (0, jwt_key_rules_1.jwtKeyProblems)(config)),
        ...(bad.has('NODE_ENV') ? [] : (0, production_rules_1.productionProblems)(config)),
    ];
    for (const { variable, message } of together) {
        if (!bad.has(variable))
            problems.push(`${variable}=${shown(variable, given)}: ${message}`);
    }
    if (problems.length > 0)
        throw new ConfigError(problems);
    return config;
}
//# sourceMappingURL=load-config.js.map