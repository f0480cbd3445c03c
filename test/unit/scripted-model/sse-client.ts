/** Test helper: POST JSON to the model server and read the SSE answer as parsed events. */
export interface SseEvent {
  readonly event: string | null;
  readonly data: unknown;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split("\n\n")) {
    if (!block.trim()) continue;
    let event: string | null = null;
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    events.push({ event, data: data === "[DONE]" ? "[DONE]" : JSON.parse(data) });
  }
  return events;
}

export async function streamOf(url: string, body: unknown): Promise<SseEvent[]> {
  const res = await postJson(url, body);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return parseSse(await res.text());
}
