/**
 * Pointing an ACP agent at an endpoint (`--endpoint`), the way its definition says the agent
 * reads one: variables for the base URL, key and model, and/or a config file written from a
 * template inside the isolated HOME (a file is never written into the user's own home).
 */
import { type EnvironmentRenderer, endpointKeyOf } from "../../core/argv/environment.js";
import { joinPath, stateDirRefusal } from "../../core/argv/isolation.js";
import { refusal } from "../../core/argv/refusals.js";
import { baseUrlText, openAiBaseUrl } from "../../core/argv/validate.js";
import type { HarnessDescriptor } from "../../core/descriptor.js";
import type { AcpEndpointSetup } from "./definition.js";

/** A value inside a JSON string: the template's placeholders sit between quotes. */
function jsonText(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : jsonText(values[key]!),
  );
}

/** An env value's placeholders, replaced as they are (no quoting: a variable is not JSON). */
export function renderEnvValue(value: string, values: Readonly<Record<string, string>>): string {
  return value.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function acpEnvironment(
  self: () => HarnessDescriptor,
  setup: AcpEndpointSetup | undefined,
): EnvironmentRenderer {
  return (request) => {
    const url = request.endpoint;
    if (!url) return {};
    // The turn plan refuses it first; a session planned on its own must not drop it silently either.
    if (!setup)
      throw refusal(
        self(),
        "unsupported-option",
        "endpoint",
        `${self().name} has no endpoint setup, so hmux cannot point it at ${url.href}`,
        [],
        `add harnesses.${self().name}.acp.endpoint (the variables or file it reads an endpoint from), or run without --endpoint`,
      );
    const key = endpointKeyOf(...request.keySources);
    const model = request.model ?? setup.defaultModel;
    const values = {
      baseUrl: baseUrlText(url),
      openaiBaseUrl: openAiBaseUrl(url),
      apiKey: key ?? "hmux-endpoint",
      model: model ?? "",
    };
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(setup.env ?? {})) env[name] = renderEnvValue(value, values);
    if (setup.baseUrlEnv) env[setup.baseUrlEnv] = openAiBaseUrl(url);
    if (setup.apiKeyEnv) env[setup.apiKeyEnv] = key ?? "hmux-endpoint";
    if (setup.modelEnv && model !== undefined) env[setup.modelEnv] = model;
    const configFiles = [...(setup.configFile ? [setup.configFile] : []), ...(setup.configFiles ?? [])];
    if (configFiles.length === 0) return { env };
    const isolated = request.isolated;
    if (!isolated) throw stateDirRefusal(self(), undefined, "endpoint");
    const files = configFiles.map((file) => ({
      path: joinPath(isolated.home, file.path),
      content: renderTemplate(file.template, values),
      mode: 0o600,
    }));
    return { env, files };
  };
}
