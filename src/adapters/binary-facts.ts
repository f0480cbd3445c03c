/** The data half of BinaryFacts (src/core/binary-facts.ts), checked when an adapter is registered from outside this folder. */
import { z } from "zod";

export type {
  BinaryFacts,
  FileProbe,
  PackageCandidate,
  PackageLookup,
  PackageSite,
  PackageSource,
} from "../core/binary-facts.js";

export const binaryFactsSchema = z.object({
  npmPackage: z.string().min(1).nullable(),
  formerNpmPackages: z.array(z.string().min(1)).optional(),
  platformPackages: z.array(z.string().min(1)),
  installHint: z.string().min(1),
});
