"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createKafkajsClient = void 0;
var kafkajs_client_1 = require("./kafkajs-client");
Object.defineProperty(exports, "createKafkajsClient", { enumerable: true, get: function () { return kafkajs_client_1.createKafkajsClient; } });
//# sourceMappingURL=index.js.map