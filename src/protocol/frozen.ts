/**
 * A wire value read-only all the way down, without the index signature a loose object (an event, a
 * reply's envelope) carries. What the server sends is typed so: its own read-only rows and core's
 * event interfaces go out as they are, still checked field by field against the schema's input. What
 * a client holds of a row is typed so too, and a freshly parsed (mutable) value is one.
 */
export type Frozen<T> = T extends (infer E)[]
  ? readonly Frozen<E>[]
  : T extends object
    ? { readonly [K in keyof T as string extends K ? never : K]: Frozen<T[K]> }
    : T;
