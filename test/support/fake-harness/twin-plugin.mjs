// A second harness plugin, in plain JavaScript: the fake CLI again, registered as "twin", so a race
// has two harnesses that only a config file names. It reuses mimic's plugin by path, as one plugin
// may reuse another; nothing of hmux's is imported.
import { mimicHarness } from "./mimic-plugin.ts";

export default (api) => mimicHarness(api, "twin");
