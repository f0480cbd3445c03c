import { useContext } from "react";
import { KeysContext, type KeysValue } from "../contexts/keys-context.js";

export function useKeys(): KeysValue {
  return useContext(KeysContext);
}
