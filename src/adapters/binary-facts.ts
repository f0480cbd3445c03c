/** The data half of BinaryFacts (src/core/binary-facts.ts), checked when an adapter is registered from outside this folder. */
import * as z from "zod/mini";
import "../core/schema-locale.js";

export type {
  BinaryFacts,
  FileProbe,
  PackageCandidate,
  PackageLookup,
  PackageSite,
  PackageSource,
} from "../core/binary-facts.js";

const word = () => z.string().check(z.minLength(1));
export const binaryFactsSchema = z.object({
  npmPackage: z.nullable(word()),
  formerNpmPackages: z.optional(z.array(word())),
  platformPackages: z.array(word()),
  installHint: word(),
});
