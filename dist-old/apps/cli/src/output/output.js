"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.consoleOutput = void 0;
exports.printJson = printJson;
const snake_case_json_1 = require("./snake-case-json");
exports.consoleOutput = {
    print: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => process.stderr.write(`${line}\n`),
};
/** Prints a command's data as one line of JSON (`--json`), keys in snake_case. */
function printJson(out, value) {
    out.print((0, snake_case_json_1.snakeCaseJson)(value));
}
//# sourceMappingURL=output.js.map