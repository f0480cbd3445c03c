/** Registering a harness checks its capability rows: the table every session reads takes no malformed or stolen row. */
import { describe, expect, it } from "vitest";
import type { HarnessModule } from "../../../src/adapters/adapter.js";
import { BUILTIN_HARNESSES, createRegistry, HarnessRegistrationError } from "../../../src/adapters/registry.js";
import type { ChannelCapabilities } from "../../../src/core/control/capabilities.js";

const [first, ...rest] = BUILTIN_HARNESSES as [HarnessModule, ...HarnessModule[]];
const museLike = rest.find((m) => m.session?.kind === "turn-per-process")!;
const withFirst = (changed: Partial<HarnessModule>) => [{ ...first, ...changed }, ...rest];
const register = (modules: readonly HarnessModule[]) => () => createRegistry(modules);

describe("channel rows at registration", () => {
  it("the built-in rows register, and the table is every module's rows in order", () => {
    const registry = createRegistry(BUILTIN_HARNESSES);
    expect(registry.channels).toEqual(BUILTIN_HARNESSES.flatMap((m) => m.channels));
  });

  it("a module with no row is refused", () => {
    expect(register(withFirst({ channels: [] }))).toThrow(HarnessRegistrationError);
  });

  it("a row naming another harness is refused", () => {
    const stolen: ChannelCapabilities = { ...museLike.channels[0]!, id: "stolen-row" };
    expect(register(withFirst({ channels: [...first.channels, stolen] }))).toThrow(/belongs to/);
  });

  it("a channel id registered twice is refused, across harnesses too", () => {
    const twin: ChannelCapabilities = { ...museLike.channels[0]!, harness: first.name };
    expect(register(withFirst({ channels: [...first.channels, twin] }))).toThrow(/already registered|appears twice/);
  });

  it("a session whose row is not among the module's rows is refused", () => {
    const elsewhere = { ...museLike, channels: [{ ...museLike.channels[0]!, id: `${museLike.name}-other` }] };
    expect(register([...BUILTIN_HARNESSES.filter((m) => m !== museLike), elsewhere])).toThrow(
      /not among its channel rows/,
    );
  });

  it("a row missing a facet, or with a malformed id, is refused by its schema", () => {
    const { grant: _dropped, ...facets } = first.channels[0]!.facets;
    const noGrant = { ...first.channels[0]!, id: `${first.name}-nogrant`, facets } as unknown as ChannelCapabilities;
    expect(register(withFirst({ channels: [...first.channels, noGrant] }))).toThrow(HarnessRegistrationError);
    const badId = { ...first.channels[0]!, id: "Not An Id" };
    expect(register(withFirst({ channels: [...first.channels, badId] }))).toThrow(/channel id/);
  });
});
