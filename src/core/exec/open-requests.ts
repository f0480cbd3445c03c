/**
 * The approval requests a bridge has seen and not yet answered, keyed by the harness's own
 * request id (the control machine's `ref`). Keying by call id is not enough: a harness can
 * present one call id twice, and each native request must get exactly its own answer.
 */
export type RequestRef = string | number | null;

interface Entry<T> {
  readonly callId: string;
  readonly data: T;
}

export class OpenRequests<T> {
  private readonly byRef = new Map<string, Entry<T>>();

  add(ref: string | number, callId: string, data: T): void {
    this.byRef.set(String(ref), { callId, data });
  }

  /** Remove and return the request this decision is for: by ref, else the oldest with this call id. */
  take(callId: string, ref: RequestRef): T | undefined {
    const key = ref !== null && this.byRef.has(String(ref)) ? String(ref) : this.oldestFor(callId);
    if (key === undefined) return undefined;
    const entry = this.byRef.get(key)!;
    if (entry.callId !== callId) return undefined;
    this.byRef.delete(key);
    return entry.data;
  }

  /** The harness withdrew a request itself: forget it and say which call it was. */
  withdraw(ref: string | number): string | undefined {
    const entry = this.byRef.get(String(ref));
    if (!entry) return undefined;
    this.byRef.delete(String(ref));
    return entry.callId;
  }

  private oldestFor(callId: string): string | undefined {
    for (const [key, entry] of this.byRef) if (entry.callId === callId) return key;
    return undefined;
  }
}
