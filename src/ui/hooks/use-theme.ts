import { useContext } from "react";
import { ThemeContext } from "../contexts/theme-context.js";
import type { Theme } from "../theme/theme.js";

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
