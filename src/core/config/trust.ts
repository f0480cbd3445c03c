/**
 * Project-config trust. A `.hmux/config.json` arrives with a cloned repository, so on its own it
 * may only narrow what runs without a check; settings that loosen a check take effect only when
 * the USER config lists the project's git root in `trustedProjects`. Pure: paths are compared
 * as normalised strings (no symlink resolution, so a path reached through a link is untrusted
 * until that spelling is listed too: fail closed).
 */
import { isAbsolute, resolve } from "node:path";
import * as z from "zod/mini";
import "../schema-locale.js";

export const trustedProjectSchema = z.string().check(
  z.refine((p) => isAbsolute(p), {
    error: 'a trusted project is the absolute path of its git root, e.g. "/home/me/src/repo"',
  }),
);

export interface ProjectTrust {
  /** The user config trusts this project: its loosening settings apply. */
  readonly trusted: boolean;
  /** The project's git root (where `.hmux/config.json` lives); null when unknown. */
  readonly root: string | null;
  /** The user config file where `trustedProjects` belongs (it may not exist yet); null when unknown. */
  readonly userConfigPath: string | null;
}

/** What a caller that says nothing about trust gets: untrusted, so nothing loosens silently. */
export const UNKNOWN_TRUST: ProjectTrust = Object.freeze({ trusted: false, root: null, userConfigPath: null });

/** Whether `trustedProjects` (from the user config) names `root`. */
export function isTrustedRoot(trustedProjects: readonly string[] | undefined, root: string | null): boolean {
  if (root === null || !isAbsolute(root) || !trustedProjects) return false;
  const wanted = resolve(root);
  return trustedProjects.some((p) => isAbsolute(p) && resolve(p) === wanted);
}

export function projectTrust(input: {
  readonly userTrustedProjects: readonly string[] | undefined;
  readonly root: string | null;
  readonly userConfigPath: string | null;
}): ProjectTrust {
  return {
    trusted: isTrustedRoot(input.userTrustedProjects, input.root),
    root: input.root,
    userConfigPath: input.userConfigPath,
  };
}

/** A project setting (or part of one) that was not applied because the project is not trusted. */
export interface UntrustedSetting {
  /** Config key path, e.g. "policy.allowCommands", "autonomy", "discovery.extensions". */
  readonly key: string;
  /** The project's value that was ignored. */
  readonly value: unknown;
  /** Set when only these entries of a list were ignored (the rest applied). */
  readonly entries?: readonly string[];
  /** Set when trusting the project would not help (trustedProjects inside a project file). */
  readonly never?: true;
}
