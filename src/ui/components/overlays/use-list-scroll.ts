import { useInput } from "ink";
import { useState } from "react";

export interface ListScroll {
  /** The first row shown. */
  readonly top: number;
  /** Rows the list may use: one fewer than given while it scrolls, for the line saying what is left. */
  readonly room: number;
  readonly scrolls: boolean;
  /** Rows below the last one shown. */
  readonly below: number;
}

/**
 * A list of `length` rows in `space` rows: when it does not fit it scrolls with ↑/↓, PgUp/PgDn,
 * Home/End (the overlay holding it takes every key while open).
 */
export function useListScroll(length: number, space: number): ListScroll {
  const [offset, setOffset] = useState(0);
  const scrolls = length > space;
  const room = scrolls ? Math.max(1, space - 1) : space;
  const maxOffset = Math.max(0, length - room);
  const top = Math.min(offset, maxOffset);
  // Each key moves from the offset as last set, not as last drawn: keys of one burst arrive before
  // a re-render, and each must count.
  const by = (step: number) => setOffset((o) => Math.max(0, Math.min(maxOffset, Math.min(o, maxOffset) + step)));
  useInput((_input, key) => {
    const step = key.pageUp || key.pageDown ? room : 1;
    if (key.pageUp || key.upArrow) by(-step);
    else if (key.pageDown || key.downArrow) by(step);
    else if (key.home) setOffset(0);
    else if (key.end) setOffset(maxOffset);
  });
  return { top, room, scrolls, below: length - top - room };
}
