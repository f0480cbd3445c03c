/**
 * The line a native pane's hook sends (src/native/hooks/report.mjs), validated at the
 * socket: anything malformed or with the wrong token is rejected with a reason, never
 * guessed at.
 */
import * as z from "zod/mini";
import "../../core/schema-locale.js";

export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "Notification",
  "PostToolUse",
  "Stop",
  "SessionEnd",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export const HookReportSchema = z.object({
  v: z.literal(1),
  token: z.string().check(z.minLength(1)),
  pane: z.string().check(z.minLength(1), z.maxLength(200)),
  event: z.enum(HOOK_EVENTS),
  sessionId: z.optional(z.string().check(z.maxLength(200))),
  tool: z.optional(z.string().check(z.maxLength(200))),
  toolInput: z.optional(z.unknown()),
  notificationType: z.optional(z.string().check(z.maxLength(100))),
  message: z.optional(z.string().check(z.maxLength(4000))),
  at: z.number().check(z.int(), z.nonnegative()),
});

export type HookReport = Omit<z.infer<typeof HookReportSchema>, "token">;

export type ParsedReport =
  | { readonly ok: true; readonly report: HookReport }
  | { readonly ok: false; readonly error: string };

/**
 * One report line. `tokenMatches` compares the line's token with the run's (constant
 * time, supplied by the server); the token never leaves this function.
 */
export function parseHookReport(line: string, tokenMatches: (token: string) => boolean): ParsedReport {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (err) {
    return { ok: false, error: `not JSON: ${(err as Error).message}` };
  }
  const parsed = HookReportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `malformed report: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid"}`,
    };
  }
  const { token, ...report } = parsed.data;
  if (!tokenMatches(token)) return { ok: false, error: "wrong token" };
  return { ok: true, report };
}
