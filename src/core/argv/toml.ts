/** Values for codex `-c key=value` overrides, which codex parses as TOML. */

/** A TOML basic string. JSON string escapes (\", \\, \n, \uXXXX) are valid TOML escapes. */
export function tomlString(value: string): string {
  // JSON leaves DEL raw; TOML requires it escaped.
  return JSON.stringify(value).replace(/\x7f/g, "\\u007f");
}

export function configOverride(key: string, value: string | number | boolean): string[] {
  const rendered = typeof value === "string" ? tomlString(value) : String(value);
  return ["-c", `${key}=${rendered}`];
}
