/**
 * Wall phrasings shared by several harnesses, as serializable {pattern, flags, code|kind}.
 * Sources: research/hcn.md §2.6 (the reference's matcher study, incl. audit F-02 which
 * anchors the bare 429 so an id containing "429" is not a limit) and live-drive.md §5.
 */
import type { AuthMatcher, LimitMatcher } from "../core/descriptor.js";

export const SHARED_LIMIT_MATCHERS: readonly LimitMatcher[] = [
  { pattern: "you'?ve hit your usage limit", flags: "i", code: "usage-limit" },
  { pattern: "usage limit (?:reached|exceeded)", flags: "i", code: "usage-limit" },
  { pattern: "purchase more credits|insufficient credits|out of credits", flags: "i", code: "credits" },
  { pattern: "resource_exhausted|quota exceeded|exceeded your current quota", flags: "i", code: "quota" },
  { pattern: "\\b(?:HTTP|status(?:[_ ]?code)?|code)\\b\\W*[:=]?\\W*429\\b", flags: "i", code: "rate-limit" },
  { pattern: "Too Many Requests", flags: "i", code: "rate-limit" },
  { pattern: "rate limit(?:ed|ing)?", flags: "i", code: "rate-limit" },
];

export const SHARED_AUTH_MATCHERS: readonly AuthMatcher[] = [
  { pattern: "401 unauthorized", flags: "i", kind: "expired" },
  { pattern: "invalid api key|invalid x-api-key", flags: "i", kind: "invalid-key" },
];
