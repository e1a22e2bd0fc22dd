/** A setting the server or the build cannot run with; its message begins with the variable's name and says what it needs. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
