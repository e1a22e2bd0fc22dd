// The environment schema (app/lib/contracts/environment.server.ts) throws it too, so it lives in the contracts.
export { ConfigError } from "../../app/lib/contracts/config-error";
