/**
 * An immutable, append-only keyed record (settled calls, answered command ids) that grows in
 * O(1) per step. Copying a plain object on every step made a long session quadratic.
 *
 * Versions share one log; a version sees only the first `size` entries. Appending to the newest
 * version extends the shared log in place; appending to an older version (a branch: tests,
 * replays) copies its prefix first, so no version ever sees another's later entries.
 */
interface Log<V> {
  readonly keys: string[];
  readonly values: V[];
  readonly index: Map<string, number>;
}

export class AppendOnlyMap<V> {
  private constructor(
    private readonly log: Log<V>,
    readonly size: number,
  ) {}

  static empty<V>(): AppendOnlyMap<V> {
    return new AppendOnlyMap<V>({ keys: [], values: [], index: new Map() }, 0);
  }

  get(key: string): V | undefined {
    const i = this.log.index.get(key);
    return i !== undefined && i < this.size && this.log.keys[i] === key ? this.log.values[i] : undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** A new version with `key` set; this version is unchanged. */
  with(key: string, value: V): AppendOnlyMap<V> {
    const replacing = this.has(key);
    let log = this.log;
    if (replacing || log.keys.length !== this.size) log = this.copy(replacing ? key : null);
    log.keys.push(key);
    log.values.push(value);
    log.index.set(key, log.keys.length - 1);
    return new AppendOnlyMap(log, log.keys.length);
  }

  entries(): [string, V][] {
    const out: [string, V][] = [];
    for (let i = 0; i < this.size; i++) out.push([this.log.keys[i]!, this.log.values[i]!]);
    return out;
  }

  values(): V[] {
    return this.log.values.slice(0, this.size);
  }

  /** Serialises as the plain object it stands for (journal, snapshots). */
  toJSON(): Record<string, V> {
    return Object.fromEntries(this.entries());
  }

  private copy(without: string | null): Log<V> {
    const log: Log<V> = { keys: [], values: [], index: new Map() };
    for (let i = 0; i < this.size; i++) {
      const key = this.log.keys[i]!;
      if (key === without) continue;
      log.keys.push(key);
      log.values.push(this.log.values[i]!);
      log.index.set(key, log.keys.length - 1);
    }
    return log;
  }
}
