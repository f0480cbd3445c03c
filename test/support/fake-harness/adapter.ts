/**
 * mimic for the tests that register it in code (`registryWith([mimic])`): the plugin beside this
 * file, built with the API hmux hands every plugin, so the in-code mimic and the one a config file
 * registers are one module.
 */
import { harnessPluginApi } from "../../../src/adapters/plugin-api.js";
import mimicPlugin from "./mimic-plugin.js";

export { MIMIC_SCRIPT, MIMIC_VERSION } from "./mimic-plugin.js";

/** The plugin module's path, as a config file's `harnesses` entry names it. */
export const MIMIC_PLUGIN = new URL("./mimic-plugin.ts", import.meta.url).pathname;

export const mimic = mimicPlugin(harnessPluginApi);
