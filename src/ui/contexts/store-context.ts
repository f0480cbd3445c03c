/** The AppStore: the UI's actions and its state outside React (read via useStoreVersion). */
import { createContext } from "react";
import type { AppStore } from "../store/app-store.js";

export const StoreContext = createContext<AppStore | null>(null);
