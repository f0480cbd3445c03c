import { useContext } from "react";
import { StoreContext } from "../contexts/store-context.js";
import type { AppStore } from "../store/app-store.js";

export function useStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useStore outside <StoreContext.Provider>");
  return store;
}
