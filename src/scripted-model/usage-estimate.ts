/**
 * The usage the scripted model reports when a script does not fix it: sized like a real model's,
 * so costs priced from it look like costs. A token is about four characters (of the request body
 * as sent, and of what the reply says); a later request of the same conversation finds the
 * earlier one's tokens in a prompt cache (read), and the new part is written to it. An Anthropic
 * request bills its new part as a cache write (claude asks for caching); OpenAI bills no cache
 * writes, so there it is plain input.
 */
import type { Conversation } from "./conversation.js";

export interface PlanUsage {
  /** Input billed at the full rate: neither read from the cache nor written to it. */
  readonly input: number;
  readonly output: number;
  readonly cachedInput: number;
  readonly cacheWrite: number;
}

const CHARS_PER_TOKEN = 4;
const tokens = (chars: number) => Math.max(1, Math.ceil(chars / CHARS_PER_TOKEN));

export class UsageEstimator {
  /** The prompt tokens each conversation last sent, by its protocol, model and first message. */
  private readonly cached = new Map<string, number>();

  estimate(conv: Conversation, requestChars: number, replyChars: number): PlanUsage {
    const key = `${conv.protocol}\0${conv.model}\0${conv.earlierTexts[0] ?? conv.lastUserText}`;
    const prompt = tokens(requestChars);
    const hit = Math.min(this.cached.get(key) ?? 0, prompt);
    this.cached.set(key, prompt);
    const fresh = prompt - hit;
    const writes = conv.protocol === "anthropic" ? fresh : 0;
    return { input: fresh - writes, output: tokens(replyChars), cachedInput: hit, cacheWrite: writes };
  }
}
