/**
 * Endpoint routing is the adapter's: the core reads only where a harness takes an endpoint from
 * (`source`), and the routing data is checked by the schema the harness's module declares, when
 * the module is registered.
 */
import { describe, expect, it } from "vitest";
import { BUILTIN_HARNESSES, createRegistry, HarnessRegistrationError } from "../../../src/adapters/registry.js";

describe("endpoint routing data", () => {
  it("every built-in harness that takes an endpoint declares the schema of its routing data", () => {
    for (const module of BUILTIN_HARNESSES)
      if (module.descriptor.endpoint.value !== null) expect(module.endpointRouting, module.name).toBeDefined();
  });

  it("a module whose descriptor's routing data its own schema refuses is not registered, and the error names it", () => {
    for (const module of BUILTIN_HARNESSES.filter((m) => m.endpointRouting && m.descriptor.endpoint.value)) {
      const endpoint = module.descriptor.endpoint;
      const broken = {
        ...module,
        descriptor: { ...module.descriptor, endpoint: { ...endpoint, value: { ...endpoint.value!, data: { no: 1 } } } },
      };
      expect(() => createRegistry([broken]), module.name).toThrow(HarnessRegistrationError);
      expect(() => createRegistry([broken]), module.name).toThrow(
        new RegExp(`harness ${module.name}: its endpoint routing data`),
      );
      expect(() => createRegistry([module]), module.name).not.toThrow();
    }
  });
});
