import { useContext } from "react";
import { invariant } from "../../core/invariant.js";
import { StoreContext } from "../contexts/store-context.js";
import type { AppStore } from "../store/app-store.js";

export function useStore(): AppStore {
  const store = useContext(StoreContext);
  invariant(store, "useStore is called inside <StoreContext.Provider>");
  return store;
}
