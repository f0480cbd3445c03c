/**
 * A map bounded by entries that keeps what is still in use: once the current generation holds
 * `limit` entries it becomes the old one and the one before is dropped; an entry found in the old
 * generation moves to the current. A frame's texts are looked up every frame, so they stay; texts
 * that scrolled away are gone after two generations. Emptying the whole table at its bound (as
 * the amended Ink tables do) would make the next frame parse every line again.
 */
export class GenerationalCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const found = this.current.get(key);
    if (found !== undefined) return found;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }

  /** Entries held, both generations (an entry moved forward may be counted twice). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
  }
}
