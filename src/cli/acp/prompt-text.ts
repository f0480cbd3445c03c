/**
 * A `session/prompt`'s content as the one text an hmux session takes: text as written, a
 * resource link as its URI (ACP's baseline), an embedded text resource with its URI and text
 * (hmux advertises `embeddedContext`). Images and audio are not advertised, so a prompt that
 * carries one is refused rather than sent without it.
 */
import type * as acp from "@agentclientprotocol/sdk";

export type PromptText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly why: string };

export function promptText(blocks: readonly acp.ContentBlock[]): PromptText {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "resource_link":
        parts.push(` @${block.uri} `);
        break;
      case "resource": {
        const r = block.resource;
        if ("text" in r) parts.push(`\n<resource uri="${r.uri}">\n${r.text}\n</resource>\n`);
        else return { ok: false, why: `the embedded resource ${r.uri} is binary; hmux sends text only` };
        break;
      }
      default:
        return { ok: false, why: `hmux does not take ${block.type} content (it advertises text and resources only)` };
    }
  }
  const text = parts.join("");
  if (text.trim() === "") return { ok: false, why: "the prompt has no text" };
  return { ok: true, text };
}
