/** A setting the server cannot start with; its message begins with the variable's name and says what it needs. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
